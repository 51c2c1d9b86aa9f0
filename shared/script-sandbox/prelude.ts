/**
 * The part of the request scripts' bridge that runs inside QuickJS. It is evaluated once per sandbox, after chai,
 * and returns the helpers the host calls for each script: `run` builds a fresh `pm` from the run's input (JSON
 * text) and calls the script, `collect` hands back what the script changed (JSON text). The one host function it
 * receives, `hostEmit`, takes JSON text only and stays in this closure, so a script never holds a host function.
 *
 * Once it is set up, every built-in a script can reach (and chai) is frozen and the global bindings that exist then
 * are made read-only, so no script can change what the bridge or the next script in the same sandbox runs with
 * (issue 37: a script that replaced Array.prototype.map rewrote the next script's headers); globals a script adds
 * are deleted after it (`cleanUp`).
 */
import { describeErrorSource, wrapScript as wrapAsyncScript } from '@shared/quickjs';

/** The file names QuickJS reports in stacks; lines are the script's own (the wrapper adds none). */
export const SCRIPT_FILES = { pre: 'pre-request.js', post: 'post-response.js' } as const;

/**
 * A script becomes the body of an async function of `pm` and `console`, opened on its first line so line numbers
 * stay the script's; async so that `await` works at its top level.
 */
export const wrapScript = (source: string) => wrapAsyncScript('pm, console', source);

/**
 * Caps of what a script may write out: the prelude refuses more variables or headers, and the host reads the run's
 * changes only up to `changesChars`, so what crosses to the page stays small whatever the script built.
 */
export const SCRIPT_CAPS = {
  logEntries: 100,
  logEntryChars: 2_000,
  variableChars: 64 * 1024,
  /** Per scope (the environment, the run's variables). */
  variables: 1_000,
  /** As many as a request may carry (runRequest). */
  headers: 200,
  changesChars: 4 * 1024 * 1024,
} as const;

/** Evaluates to a function of (hostEmit, chai) that returns the host's helpers. */
export const PRELUDE_SOURCE = `(function (hostEmit, chai) {
  'use strict';
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const freeze = Object.freeze;
  const create = Object.create;
  const ownKeys = Reflect.ownKeys;
  const reflectGet = Reflect.get;
  const defineProperty = Object.defineProperty;
  const getOwnPropertyDescriptor = Object.getOwnPropertyDescriptor;
  const getPrototypeOf = Object.getPrototypeOf;
  const hasOwn = Object.hasOwn;
  const keysOf = Object.keys;
  const ProxyCtor = Proxy;
  const StringCtor = String;
  const SetCtor = Set;
  const expect = chai.expect;
  const AssertionError = chai.AssertionError;
  const logChars = ${SCRIPT_CAPS.logEntryChars};
  const variableChars = ${SCRIPT_CAPS.variableChars};
  const maxVariables = ${SCRIPT_CAPS.variables};
  const maxHeaders = ${SCRIPT_CAPS.headers};

  const emit = (record) => { hostEmit(stringify(record)); };
  const clip = (text, max) => (text.length > max ? text.slice(0, max) : text);
  const lower = (text) => StringCtor(text).toLowerCase();

  function show(value) {
    if (typeof value === 'string') return value;
    if (typeof value === 'function') return '[function]';
    try {
      const json = stringify(value);
      return json === undefined ? StringCtor(value) : json;
    } catch (e) {
      return '[unprintable]';
    }
  }
  const log = (...args) => { emit({ type: 'log', text: clip(args.map(show).join(' '), logChars) }); };
  const scriptConsole = freeze({ log, info: log, warn: log, error: log, debug: log });

  // Names that code asks objects for to see what they are (promises, JSON, printing): never an unsupported call.
  const QUIET = new SetCtor(['then', 'toJSON', 'toString', 'valueOf', 'constructor', 'inspect', 'length', 'name', 'prototype']);

  /** What an unsupported member gives: a function that returns nothing, and itself for any member of it. */
  function unsupported(path) {
    emit({ type: 'unsupported', name: path });
    const stub = new ProxyCtor(function () {}, {
      get(target, key) { return typeof key === 'string' && !QUIET.has(key) ? stub : undefined; },
      apply() { return undefined; },
      construct() { return {}; },
    });
    return stub;
  }

  /** An object of ours whose unknown members warn (by the name the script used) instead of being undefined. */
  function guarded(target, path, known) {
    return new ProxyCtor(target, {
      get(t, key, receiver) {
        if (typeof key !== 'string' || key in t || QUIET.has(key)) return reflectGet(t, key, receiver);
        if (known && known[key]) { emit({ type: known[key] }); return undefined; }
        return unsupported(path + '.' + key);
      },
    });
  }

  const toText = (value) => {
    const text = typeof value === 'string' ? value : value === undefined ? '' : show(value);
    return clip(text, variableChars);
  };

  function copyStore(source) {
    const store = create(null);
    for (const key of Object.keys(source)) store[key] = StringCtor(source[key]);
    return store;
  }
  // Defined, not assigned: a variable named __proto__ is a variable like any other.
  const plain = (store) => {
    const out = {};
    for (const key of Object.keys(store)) defineProperty(out, key, { value: store[key], enumerable: true, writable: true, configurable: true });
    return out;
  };
  const has = (store, key) => Object.prototype.hasOwnProperty.call(store, StringCtor(key));

  /** {{name}} in text replaced by what resolve gives for name; unknown names stay as they are. */
  const replaceIn = (resolve) => (text) =>
    StringCtor(text).replace(/\\{\\{\\s*([^{}]+?)\\s*\\}\\}/g, (whole, name) => { const value = resolve(name); return value === undefined ? whole : value; });

  /** get/set/unset/has over one store; \`fallback\` is read (never written) for a name the store lacks. */
  function variableScope(store, path, fallback) {
    const get = (key) => (has(store, key) ? store[StringCtor(key)] : fallback && has(fallback, key) ? fallback[StringCtor(key)] : undefined);
    return guarded({
      get,
      set(key, value) {
        const name = StringCtor(key);
        if (!has(store, name) && keysOf(store).length >= maxVariables) throw new RangeError(path + ': at most ' + maxVariables + ' variables');
        store[name] = toText(value);
      },
      unset(key) { delete store[StringCtor(key)]; },
      has(key) { return get(key) !== undefined; },
      clear() { for (const key of Object.keys(store)) delete store[key]; },
      toObject() { return fallback ? { ...plain(fallback), ...plain(store) } : plain(store); },
      replaceIn: replaceIn(get),
    }, path);
  }

  /** Headers as Postman's list of {key, value}; \`writable\` false in a post-response script. */
  function headerList(list, path, writable) {
    const find = (name) => list.find((h) => lower(h.name) === lower(name));
    const refuse = () => { emit({ type: 'requestReadOnly' }); };
    const entry = (keyOrObject, value) =>
      typeof keyOrObject === 'object' && keyOrObject !== null
        ? { name: StringCtor(keyOrObject.key), value: StringCtor(keyOrObject.value ?? '') }
        : { name: StringCtor(keyOrObject), value: StringCtor(value ?? '') };
    const push = (header) => {
      if (list.length >= maxHeaders) throw new RangeError(path + ': at most ' + maxHeaders + ' headers');
      list.push(header);
    };
    const remove = (name) => {
      for (let i = list.length - 1; i >= 0; i--) if (lower(list[i].name) === lower(name)) list.splice(i, 1);
    };
    return guarded({
      get(name) { const found = find(name); return found ? found.value : undefined; },
      has(name) { return find(name) !== undefined; },
      all() { return list.map((h) => ({ key: h.name, value: h.value })); },
      toObject() { const out = {}; for (const h of list) out[h.name] = h.value; return out; },
      each(fn) { for (const h of list.slice()) fn({ key: h.name, value: h.value }); },
      count() { return list.length; },
      add(keyOrObject, value) { if (!writable) return refuse(); push(entry(keyOrObject, value)); },
      upsert(keyOrObject, value) {
        if (!writable) return refuse();
        const next = entry(keyOrObject, value);
        const found = find(next.name);
        if (found) found.value = next.value; else push(next);
      },
      remove(name) { if (!writable) return refuse(); remove(typeof name === 'object' && name !== null ? name.key : name); },
    }, path);
  }

  function requestView(request, writable) {
    const refuse = () => { emit({ type: 'requestReadOnly' }); };
    const headers = headerList(request.headers, 'pm.request.headers', writable);
    return guarded({
      get url() { return request.url; },
      set url(value) { if (writable) request.url = StringCtor(value); else refuse(); },
      get method() { return request.method; },
      set method(value) { if (writable) request.method = StringCtor(value).toUpperCase(); else refuse(); },
      headers,
      addHeader(header) { headers.add(header); },
      removeHeader(name) { headers.remove(name); },
      upsertHeader(header) { headers.upsert(header); },
    }, 'pm.request');
  }

  const fail = (message) => { throw new AssertionError(message); };

  function responseView(response) {
    let json;
    let parsed = false;
    const headers = headerList(response.headers, 'pm.response.headers', false);
    const code = response.code;
    const have = guarded({
      status(expected) {
        if (typeof expected === 'number') {
          if (code !== expected) fail('expected response to have status code ' + expected + ' but got ' + code);
        } else if (response.status !== StringCtor(expected)) {
          fail('expected response to have status reason ' + stringify(StringCtor(expected)) + ' but got ' + stringify(response.status));
        }
      },
      header(name, value) {
        const actual = headers.get(name);
        if (actual === undefined) fail('expected response to have header ' + stringify(StringCtor(name)));
        if (value !== undefined && actual !== StringCtor(value))
          fail('expected response header ' + stringify(StringCtor(name)) + ' to be ' + stringify(StringCtor(value)) + ' but got ' + stringify(actual));
      },
      jsonBody() {
        try { parse(response.text); } catch (e) { fail('expected response body to be valid JSON'); }
      },
    }, 'pm.response.to.have');
    const statusIn = (label, low, high) => () => {
      if (code < low || code > high) fail('expected response to be ' + label + ' but got status code ' + code);
    };
    const be = guarded({}, 'pm.response.to.be');
    for (const [name, check] of [
      ['ok', statusIn('ok (200)', 200, 200)],
      ['success', statusIn('successful (2xx)', 200, 299)],
      ['clientError', statusIn('a client error (4xx)', 400, 499)],
      ['serverError', statusIn('a server error (5xx)', 500, 599)],
      ['notFound', statusIn('not found (404)', 404, 404)],
    ]) defineProperty(be, name, { get: check, enumerable: true });
    return guarded({
      code,
      status: response.status,
      responseTime: response.responseTime,
      responseSize: response.responseSize,
      headers,
      text() { return response.text; },
      json() {
        if (!parsed) {
          try { json = parse(response.text); } catch (e) { throw new SyntaxError('pm.response.json(): the body is not JSON (' + e.message + ')'); }
          parsed = true;
        }
        return json;
      },
      to: guarded({ have, be }, 'pm.response.to'),
    }, 'pm.response');
  }

  const isFatal = (error) => typeof error === 'object' && error !== null && error.name === 'InternalError';
  const errorText = (error) => {
    if (error instanceof AssertionError) return clip(StringCtor(error.message), 2000);
    if (typeof error === 'object' && error !== null && typeof error.message === 'string')
      return clip((typeof error.name === 'string' ? error.name + ': ' : '') + error.message, 2000);
    return clip(show(error), 2000);
  };

  let run;

  function makePm(input) {
    const environment = copyStore(input.environment);
    const variables = copyStore(input.variables);
    const request = {
      method: input.request.method,
      url: input.request.url,
      headers: input.request.headers.map((h) => ({ name: h.name, value: h.value })),
    };
    const tests = { declared: 0, pending: 0 };
    const test = (name, fn) => {
      const index = tests.declared++;
      const done = (passed, error) => emit(error === undefined ? { type: 'test', index, name: StringCtor(name), passed } : { type: 'test', index, name: StringCtor(name), passed, error });
      if (typeof fn !== 'function') return done(false, null);
      try {
        const result = fn();
        if (result !== null && typeof result === 'object' && typeof result.then === 'function') {
          tests.pending++;
          result.then(
            () => { tests.pending--; done(true); },
            (error) => { tests.pending--; done(false, errorText(error)); },
          );
        } else done(true);
      } catch (error) {
        if (isFatal(error)) throw error;
        done(false, errorText(error));
      }
    };
    const pm = {
      info: freeze({ eventName: input.phase === 'pre' ? 'prerequest' : 'test' }),
      test,
      expect,
      environment: variableScope(environment, 'pm.environment'),
      // Postman's pm.variables reads the narrowest scope that has the name: the run's own, then the environment.
      variables: variableScope(variables, 'pm.variables', environment),
      request: requestView(request, input.phase === 'pre'),
    };
    if (input.phase === 'post') pm.response = responseView(input.response);
    run = { environment, variables, request, tests };
    return guarded(pm, 'pm', input.phase === 'pre' ? { response: 'responseInPre' } : undefined);
  }

  // Globals as they are now (chai and this bridge loaded) stay; each binding becomes read-only.
  const baseline = new SetCtor(ownKeys(globalThis));
  for (const key of baseline) {
    const descriptor = getOwnPropertyDescriptor(globalThis, key);
    if (descriptor && descriptor.configurable) defineProperty(globalThis, key, { ...descriptor, ...('value' in descriptor ? { writable: false } : {}), configurable: false });
  }

  ${describeErrorSource(2_000)}

  // Names ordinary code assigns on its own objects (obj.toString = …, error.name = …): on a frozen prototype a plain
  // data property would make that assignment fail (the "override mistake"), so these become accessors whose setter
  // defines the property on the object assigned to, and refuses only on the built-in itself.
  const OVERRIDABLE = new SetCtor(['constructor', 'toString', 'toLocaleString', 'valueOf', 'toJSON', 'name', 'message',
    'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable']);
  function overridable(object, key, value, enumerable) {
    defineProperty(object, key, {
      get() { return value; },
      set(next) {
        if (this === object) throw new TypeError('built-ins are read-only in request scripts (' + StringCtor(key) + ')');
        if (hasOwn(this, key)) this[key] = next;
        else defineProperty(this, key, { value: next, writable: true, enumerable: true, configurable: true });
      },
      enumerable,
      configurable: false,
    });
    const accessor = getOwnPropertyDescriptor(object, key);
    return [accessor.get, accessor.set];
  }

  /** Freezes everything reachable from the roots through properties, accessors and prototypes, but the global object. */
  function lockdown(roots) {
    const seen = new SetCtor();
    const pending = roots.slice();
    while (pending.length > 0) {
      const object = pending.pop();
      if ((typeof object !== 'object' && typeof object !== 'function') || object === null || seen.has(object)) continue;
      seen.add(object);
      pending.push(getPrototypeOf(object));
      for (const key of ownKeys(object)) {
        const descriptor = getOwnPropertyDescriptor(object, key);
        if (!('value' in descriptor)) pending.push(descriptor.get, descriptor.set);
        else if (descriptor.writable && descriptor.configurable && object !== globalThis && OVERRIDABLE.has(key)) {
          pending.push(descriptor.value, ...overridable(object, key, descriptor.value, descriptor.enumerable));
        } else pending.push(descriptor.value);
      }
    }
    for (const object of seen) {
      if (object === globalThis) continue;
      try { freeze(object); } catch (e) { /* a module namespace cannot be frozen, and needs not: its bindings are read-only */ }
    }
  }
  // The intrinsics no global names: iterators' prototypes and the constructors of async and generator functions.
  const generator = function* () {};
  const asyncGenerator = async function* () {};
  lockdown([
    globalThis, chai, scriptConsole,
    async function () {}, generator, generator(), asyncGenerator, asyncGenerator(),
    [][Symbol.iterator](), ''[Symbol.iterator](), new Map().entries(), new SetCtor().entries(), /a/[Symbol.matchAll]('a'),
  ]);

  return {
    start(scriptFn, inputJson) {
      const pm = makePm(parse(inputJson));
      return scriptFn(pm, scriptConsole);
    },
    pendingTests() { return run ? run.tests.pending : 0; },
    collect() {
      return stringify({ environment: plain(run.environment), variables: plain(run.variables), request: run.request });
    },
    cleanUp() {
      run = undefined;
      for (const key of ownKeys(globalThis)) if (!baseline.has(key)) try { delete globalThis[key]; } catch (e) {}
    },
    describe,
  };
})`;

/** Stubs chai's module needs and QuickJS lacks: it makes one EventTarget to announce plug-ins, which no one hears. */
export const CHAI_SHIMS = `
globalThis.EventTarget = class EventTarget { addEventListener() {} removeEventListener() {} dispatchEvent() { return true; } };
globalThis.Event = class Event { constructor(type) { this.type = type; } };
`;
