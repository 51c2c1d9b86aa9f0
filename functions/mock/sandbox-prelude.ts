/**
 * The part of the script bridge that runs inside QuickJS, before the user's script, in each fresh context.
 * It defines `Mock`, `faker` and `console` out of two host functions that take and return JSON text only, and
 * keeps those functions in its closure, so a script never holds a host function it could call with other
 * arguments. It also captures JSON and the helpers the host calls after the script has run (serialising the
 * answer, describing an error) before the script can replace them.
 */
import { describeErrorSource, wrapScript as wrapAsyncScript } from '@shared/quickjs';
import { FAKER_METHODS } from './faker-bridge';
import { SANDBOX_LIMITS } from './limits';
import { RANDOM_METHODS } from './mockjs-hardened';

/** The file name QuickJS reports in script stacks; lines are the script's own (the wrapper adds none). */
export const SCRIPT_FILE = 'mock.js';

/** The script becomes the body of an async function of the request, its lines the script's own. */
export const wrapScript = (source: string) => wrapAsyncScript('request', source);

/**
 * The names the bridge offers, as one string literal each: QuickJS parses a long string in a fraction of the
 * time it takes for the same names written as an object literal, and the prelude is compiled for every run.
 */
const RANDOM_NAMES = JSON.stringify(RANDOM_METHODS.join(','));
const FAKER_NAMES = JSON.stringify(
  Object.entries(FAKER_METHODS)
    .map(([module, methods]) => `${module}:${methods.join(',')}`)
    .join('|'),
);

/** Evaluates to a function of (hostCall, hostLog) that installs the globals and returns the host's helpers. */
export const PRELUDE_SOURCE = `(function (hostCall, hostLog) {
  'use strict';
  const argChars = ${SANDBOX_LIMITS.helperArgChars};
  const logChars = ${SANDBOX_LIMITS.logEntryChars};
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const freeze = Object.freeze;
  const clip = (text, max) => (text.length > max ? text.slice(0, max) : text);

  function call(kind, name, args) {
    const json = stringify(args);
    if (json.length > argChars) throw new RangeError(name + ': arguments larger than ' + argChars + ' characters');
    const reply = parse(hostCall(kind, name, json));
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply.value;
  }

  const Random = {};
  for (const name of ${RANDOM_NAMES}.split(',')) Random[name] = (...args) => call('random', name, args);
  const Mock = freeze({ mock: (template) => call('mock', 'Mock.mock', [template]), Random: freeze(Random) });

  // Each module's methods are made on first use: most scripts touch one or two of faker's 27 modules.
  const faker = {};
  for (const entry of ${FAKER_NAMES}.split('|')) {
    const [module, names] = entry.split(':');
    let methods;
    Object.defineProperty(faker, module, {
      enumerable: true,
      get() {
        if (!methods) {
          methods = {};
          for (const method of names.split(',')) methods[method] = (...args) => call('faker', module + '.' + method, args);
          freeze(methods);
        }
        return methods;
      },
    });
  }

  function show(value) {
    if (typeof value === 'string') return value;
    try {
      const json = stringify(value);
      return json === undefined ? String(value) : json;
    } catch (e) {
      return '[unprintable]';
    }
  }
  const log = (...args) => { hostLog(clip(args.map(show).join(' '), logChars)); };
  const console = freeze({ log, info: log, warn: log, error: log, debug: log });

  const define = (name, value) => Object.defineProperty(globalThis, name, { value, enumerable: false, writable: false, configurable: false });
  define('Mock', Mock);
  define('faker', freeze(faker));
  define('console', console);

  ${describeErrorSource(1_000)}

  return {
    parse,
    toWire: (value) => stringify(value),
    describe,
  };
})`;
