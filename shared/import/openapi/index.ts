/**
 * Swagger 2.0, OpenAPI 3.0 and 3.1, one importer: `@scalar/openapi-parser` upgrades every version to one 3.1
 * shape, and this maps that shape. Named schemas (`components.schemas`) become data models that parameters
 * refer to; operations become HTTP API documents with a response per status; Apifox's `x-apifox-folder`,
 * `x-apifox-status` and `x-apifox-name` place, mark and name them; the spec's servers and security schemes go
 * to the project. The upgrade leaves `$ref`s to files and URLs alone, and so does this: they are never followed.
 */
import { upgrade } from '@scalar/openapi-parser';
import type { ApiResponse, Example, ParamItem } from '../../schemas/document';
import { type API_STATUSES, RESPONSE_STATUS_PATTERN } from '../../schemas/document';
import {
  apiKey,
  DocumentList,
  exampleText,
  finish,
  isMethod,
  modelKey,
  pointerOf,
  REQUEST_TYPE_OF_MEDIA,
  RESPONSE_FORMAT_OF_MEDIA,
  RowIds,
  type ApiDraft,
} from '../build';
import { resolvePointer, schemaRow, schemaRows, type SchemaContext } from '../json-schema';
import { checkSpec } from './spec-check';
import { emptyProject, WEBHOOK_PREFIX, WEBHOOKS_FOLDER, type ImportedProject, type ImportResult, type ImportWarning } from '../types';
import { isObject, text, type Obj } from '../values';

/** Is this an OpenAPI or Swagger description? */
export const isOpenApi = (value: unknown) =>
  isObject(value) && ((typeof value.openapi === 'string' && /^3\./.test(value.openapi)) || value.swagger === '2.0');

const MODEL_PREFIX = '#/components/schemas/';

const OPERATION_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface OpenApiOptions {
  /** Check the description against the OpenAPI schema and report what is wrong as warnings (on by default). */
  validate?: boolean;
  /**
   * The source is the importer's to change: a fresh parse nobody else holds (importInput's, the job's). The upgrade
   * then works on it in place; otherwise on a copy, which for a 15 MB description costs a few hundred ms.
   */
  ownSource?: boolean;
}

export async function importOpenApi(source: unknown, options: OpenApiOptions = {}): Promise<ImportResult> {
  const warnings: ImportWarning[] = [];
  // The upgrade rewrites what it is given: unless the value is ours, work on a copy, so the caller's (a test's) stays.
  const copy = (options.ownSource ? source : structuredClone(source)) as Obj;
  if (copy.swagger === '2.0') keepParameterExamples(copy);
  const binary = binaryMedia(copy);
  const spec = upgrade(copy).specification as unknown as Obj;
  for (const [at, kept] of binary) {
    const media = resolvePointer(spec, `#${at}`);
    if (isObject(media)) for (const [key, value] of Object.entries(kept)) media[key] ??= value;
  }
  if (options.validate !== false) warnings.push(...checkSpec(spec));
  return mapOpenApi(spec, warnings);
}

/**
 * A 3.0 body of binary data (`application/octet-stream` with a `format: binary` string) loses its schema and its
 * examples in the upgrade to 3.1, where such a body needs no schema: what each had, to put back afterwards (the
 * upgrade changes the objects in place).
 */
function binaryMedia(spec: Obj): [string, Obj][] {
  if (typeof spec.openapi !== 'string' || !spec.openapi.startsWith('3.0')) return [];
  const out: [string, Obj][] = [];
  const visit = (content: unknown, ...at: string[]) => {
    for (const [type, media] of Object.entries(isObject(content) ? content : {}))
      if (isObject(media) && isObject(media.schema) && (media.schema.format === 'binary' || media.schema.format === 'base64'))
        out.push([
          pointerOf(...at, 'content', type),
          {
            schema: { ...media.schema },
            ...(media.example !== undefined ? { example: media.example } : {}),
            ...(media.examples !== undefined ? { examples: media.examples } : {}),
          },
        ]);
  };
  const components = isObject(spec.components) ? spec.components : {};
  for (const [name, body] of Object.entries(isObject(components.requestBodies) ? components.requestBodies : {}))
    if (isObject(body)) visit(body.content, 'components', 'requestBodies', name);
  for (const [name, response] of Object.entries(isObject(components.responses) ? components.responses : {}))
    if (isObject(response)) visit(response.content, 'components', 'responses', name);
  for (const [path, item] of Object.entries(isObject(spec.paths) ? spec.paths : {}))
    for (const [method, operation] of Object.entries(isObject(item) ? item : {})) {
      if (!isObject(operation)) continue;
      if (isObject(operation.requestBody)) visit(operation.requestBody.content, 'paths', path, method, 'requestBody');
      for (const [status, response] of Object.entries(isObject(operation.responses) ? operation.responses : {}))
        if (isObject(response)) visit(response.content, 'paths', path, method, 'responses', status);
    }
  return out;
}

/**
 * Swagger 2.0 had no example on a query, path or header parameter, so people wrote `x-example`; the upgrade drops
 * it but keeps `example`: rename it first.
 */
function keepParameterExamples(spec: Obj) {
  const lists: unknown[] = [Object.values(isObject(spec.parameters) ? spec.parameters : {})];
  for (const item of Object.values(isObject(spec.paths) ? spec.paths : {}))
    if (isObject(item)) for (const value of Object.values(item)) lists.push(isObject(value) ? value.parameters : value);
  for (const list of lists)
    if (Array.isArray(list))
      for (const p of list) if (isObject(p) && p['x-example'] !== undefined && p.example === undefined) p.example = p['x-example'];
}

/** Maps an upgraded (3.1) description; `warnings` already holds what validation found. */
export function mapOpenApi(spec: Obj, warnings: ImportWarning[]): ImportResult {
  const components = isObject(spec.components) ? spec.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const ctxOf = (ids: RowIds): SchemaContext => ({
    ids,
    warnings,
    root: spec,
    modelOf: (ref) => {
      if (!ref.startsWith(MODEL_PREFIX)) return undefined;
      const name = decodeURIComponent(ref.slice(MODEL_PREFIX.length)).replace(/~1/g, '/').replace(/~0/g, '~');
      return name in schemas ? name : undefined;
    },
    modelSchema: (name) => schemas[name],
  });
  const list = new DocumentList(warnings);

  for (const [name, schema] of Object.entries(schemas)) {
    const pointer = pointerOf('components', 'schemas', name);
    const s = isObject(schema) ? schema : {};
    const document = finish(
      {
        key: modelKey(name),
        type: 'model',
        // The name is the model's identity (what references and exports use): the tree shows it, never the
        // `title`, which several models may share.
        name,
        folder: modelFolder(s),
        content: { name, description: text(s.description), schema: schemaRows(ctxOf(new RowIds()), schema, pointer) },
      },
      pointer,
      warnings,
    );
    list.add(document, pointer);
  }

  // OpenAPI 3.1's webhooks (requests the API sends) are operations too: each an API document in the Webhooks
  // folder, its path the webhook's name as `webhook:<name>`, which the OpenAPI export writes back under `webhooks`.
  const operations: [string, unknown, string][] = [
    ...Object.entries(isObject(spec.paths) ? spec.paths : {}).map(
      ([path, item]) => [path, item, pointerOf('paths', path)] as [string, unknown, string],
    ),
    ...Object.entries(isObject(spec.webhooks) ? spec.webhooks : {}).map(
      ([name, item]) => [`${WEBHOOK_PREFIX}${name}`, item, pointerOf('webhooks', name)] as [string, unknown, string],
    ),
  ];
  for (const [path, pathItemRaw, pathPointer] of operations) {
    const pathItem = isObject(pathItemRaw) ? pathItemRaw : {};
    if (typeof pathItem.$ref === 'string') warnings.push({ pointer: pathPointer, code: 'externalRef', params: { ref: pathItem.$ref } });
    for (const [method, operation] of Object.entries(pathItem)) {
      if (!OPERATION_METHODS.includes(method) || !isObject(operation)) continue;
      const pointer = `${pathPointer}/${method}`;
      const upper = method.toUpperCase();
      if (!isMethod(upper)) {
        warnings.push({ pointer, code: 'skippedMethod', params: { method: upper } });
        continue;
      }
      const ids = new RowIds();
      const draft = operationDraft(ctxOf(ids), spec, path, upper, pathItem, operation, pointer);
      list.add(
        finish(
          {
            key: apiKey(upper, path),
            type: 'api',
            name: text(operation['x-apifox-name']) || text(operation.summary) || text(operation.operationId) || `${upper} ${path}`,
            folder: operationFolder(operation, path.startsWith(WEBHOOK_PREFIX)),
            content: draft,
          },
          pointer,
          warnings,
        ),
        pointer,
      );
    }
  }
  externalRefs(spec, warnings);
  return { format: 'openapi', documents: list.documents, project: projectOf(spec, components), warnings };
}

/**
 * Apifox writes a folder path as `a/b/c`; otherwise the first tag is the folder, as Apifox and Postman do. A
 * webhook goes in the Webhooks folder (under it, its tag's).
 */
function operationFolder(operation: Obj, webhook = false): string[] {
  const apifox = text(operation['x-apifox-folder']);
  if (apifox)
    return apifox
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean);
  const tags = Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string') : [];
  const tagged = tags.length ? [tags[0]!] : [];
  return webhook ? [WEBHOOKS_FOLDER, ...tagged] : tagged;
}
const modelFolder = (schema: Obj) => {
  const apifox = text(schema['x-apifox-folder']);
  return apifox
    ? apifox
        .split('/')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
};

/** Apifox's statuses as ours: released and tested ones are done, obsolete ones deprecated. */
function statusOf(operation: Obj): (typeof API_STATUSES)[number] {
  if (operation.deprecated === true) return 'deprecated';
  switch (text(operation['x-apifox-status']).toLowerCase()) {
    case 'released':
    case 'completed':
    case 'tested':
      return 'completed';
    case 'deprecated':
    case 'obsolete':
      return 'deprecated';
    case 'exception':
    case 'failed':
      return 'failed';
    default:
      return 'developing';
  }
}

function operationDraft(
  ctx: SchemaContext,
  spec: Obj,
  path: string,
  method: ApiDraft['method'],
  pathItem: Obj,
  operation: Obj,
  pointer: string,
): ApiDraft {
  const lists = { path: [] as ParamItem[], query: [] as ParamItem[], header: [] as ParamItem[] };
  // Path-level parameters apply unless the operation declares one of the same name and place.
  const declared = [
    ...(Array.isArray(operation.parameters) ? operation.parameters.map((p, i) => [p, `${pointer}/parameters/${i}`] as const) : []),
    ...(Array.isArray(pathItem.parameters)
      ? pathItem.parameters.map((p, i) => [p, `${pointerOf('paths', path)}/parameters/${i}`] as const)
      : []),
  ];
  const seen = new Set<string>();
  for (const [raw, at] of declared) {
    const p = follow(spec, raw, at, ctx.warnings);
    if (!p) continue;
    const where = text(p.in);
    const name = text(p.name);
    if (seen.has(`${where}:${name}`)) continue;
    seen.add(`${where}:${name}`);
    const target =
      where === 'path' ? lists.path : where === 'query' ? lists.query : where === 'header' || where === 'cookie' ? lists.header : undefined;
    if (!target) continue;
    const schema = isObject(p.schema) ? p.schema : firstMediaSchema(p.content);
    const item = schemaRow(
      ctx,
      where === 'cookie' ? `Cookie: ${name}` : name,
      schema ?? {},
      where === 'path' || p.required === true,
      at,
      1,
      [],
    );
    const examples = parameterExamples(spec, p, ctx.warnings, at);
    target.push({
      ...item,
      description: text(p.description) || item.description,
      ...(p.deprecated === true ? { deprecated: true } : {}),
      ...(examples.length ? { value: examples[0]!, ...(examples.length > 1 ? { examples: examples.slice(1, 21) } : {}) } : {}),
    });
  }

  const body = follow(spec, operation.requestBody, `${pointer}/requestBody`, ctx.warnings);
  const bodyMedia = body && isObject(body.content) ? pickMedia(body.content) : undefined;
  const reqExamples: Example[] =
    body && isObject(body.content) ? mediaExamples(spec, body.content, ctx.warnings, `${pointer}/requestBody`) : [];

  const responses: ApiResponse[] = [];
  const responseMap = isObject(operation.responses) ? operation.responses : {};
  for (const [status, raw] of Object.entries(responseMap)) {
    const at = `${pointer}/responses/${status}`;
    const code = status.toUpperCase() === 'DEFAULT' ? 'default' : status.toUpperCase();
    if (!RESPONSE_STATUS_PATTERN.test(code)) {
      ctx.warnings.push({ pointer: at, code: 'skippedEntry', params: { detail: status } });
      continue;
    }
    const r = follow(spec, raw, at, ctx.warnings);
    if (!r) continue;
    const content = isObject(r.content) ? r.content : {};
    const media = pickMedia(content);
    const headers = isObject(r.headers) ? r.headers : {};
    responses.push({
      status: code,
      description: text(r.description),
      format: RESPONSE_FORMAT_OF_MEDIA(media?.type ?? ''),
      headers: Object.entries(headers).map(([name, h], i) => {
        const header = follow(spec, h, `${at}/headers/${name}`, ctx.warnings) ?? {};
        const item = schemaRow(ctx, name, header.schema ?? {}, header.required === true, `${at}/headers/${i}`, 1, []);
        return { ...item, description: text(header.description) || item.description };
      }),
      body: media ? schemaRows(ctx, media.schema, `${at}/content/${pointerOf(media.type).slice(1)}/schema`) : [],
      examples: mediaExamples(spec, content, ctx.warnings, at),
    });
  }

  const summary = text(operation.summary);
  const description = text(operation.description);
  const servers = Array.isArray(operation.servers) ? operation.servers : Array.isArray(pathItem.servers) ? pathItem.servers : [];
  return {
    method,
    path,
    status: statusOf(operation),
    // The description is required: the summary stands in when there is none (the summary is the API's name).
    description: description || summary || `${method} ${path}`,
    requestType: bodyMedia ? REQUEST_TYPE_OF_MEDIA(bodyMedia.type) : 'none',
    reqPath: lists.path,
    reqQuery: lists.query,
    reqHeaders: lists.header,
    reqBody: bodyMedia
      ? schemaRows(ctx, bodyMedia.schema, `${pointer}/requestBody/content/${pointerOf(bodyMedia.type).slice(1)}/schema`)
      : [],
    reqExamples,
    responses,
    tags: Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string').slice(0, 50) : [],
    ...(typeof operation.operationId === 'string' ? { operationId: operation.operationId.slice(0, 300) } : {}),
    servers: serversOf(servers),
    ...(Array.isArray(operation.security) ? { security: securityOf(operation.security) } : {}),
  };
}

/** A parameter, request body, response or header object, following a local `$ref` (never a file or URL). */
function follow(spec: Obj, value: unknown, pointer: string, warnings: ImportWarning[]): Obj | undefined {
  let current = value;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    const ref = current.$ref;
    if (!ref.startsWith('#') || hops > 20) {
      if (!ref.startsWith('#')) warnings.push({ pointer, code: 'externalRef', params: { ref } });
      else warnings.push({ pointer, code: 'unresolvedRef', params: { ref } });
      return undefined;
    }
    current = resolvePointer(spec, ref);
    if (current === undefined) warnings.push({ pointer, code: 'unresolvedRef', params: { ref } });
  }
  return isObject(current) ? current : undefined;
}

const MEDIA_PREFERENCE = [/json/i, /x-www-form-urlencoded/i, /multipart/i, /xml/i, /.*/];
function pickMedia(content: Obj): { type: string; schema: unknown } | undefined {
  const types = Object.keys(content);
  for (const pattern of MEDIA_PREFERENCE) {
    const type = types.find((t) => pattern.test(t));
    if (type) return { type, schema: isObject(content[type]) ? content[type].schema : undefined };
  }
  return undefined;
}
const firstMediaSchema = (content: unknown) => (isObject(content) ? pickMedia(content)?.schema : undefined);

/** Named examples of every media type (`examples`, and the older single `example`), as text. */
function mediaExamples(spec: Obj, content: Obj, warnings: ImportWarning[], pointer: string): Example[] {
  const out: Example[] = [];
  for (const [mediaType, media] of Object.entries(content)) {
    if (!isObject(media)) continue;
    if (media.example !== undefined) out.push({ name: '', mediaType, value: exampleText(media.example) });
    if (isObject(media.examples))
      for (const [name, raw] of Object.entries(media.examples)) {
        const example = follow(spec, raw, `${pointer}/content/${pointerOf(mediaType, 'examples', name).slice(1)}`, warnings);
        if (isObject(example) && example.value !== undefined)
          out.push({ name: name.slice(0, 200), mediaType, value: exampleText(example.value) });
        else if (isObject(example) && typeof example.externalValue === 'string')
          out.push({ name: name.slice(0, 200), mediaType, value: example.externalValue });
        else if (isObject(example))
          // An example with a summary and no value has nothing to show: said, not silently gone.
          warnings.push({
            pointer: `${pointer}/content/${pointerOf(mediaType, 'examples', name).slice(1)}`,
            code: 'skippedEntry',
            params: { detail: name },
          });
      }
  }
  return out.slice(0, 50).map((e) => ({ ...e, value: e.value.slice(0, 200_000) }));
}

function parameterExamples(spec: Obj, p: Obj, warnings: ImportWarning[], pointer: string): string[] {
  const out: string[] = [];
  if (p.example !== undefined) out.push(exampleText(p.example));
  if (p['x-example'] !== undefined) out.push(exampleText(p['x-example']));
  if (isObject(p.examples))
    for (const [name, raw] of Object.entries(p.examples)) {
      const e = follow(spec, raw, `${pointer}/examples/${pointerOf(name).slice(1)}`, warnings);
      if (e && e.value !== undefined) out.push(exampleText(e.value));
    }
  return out.map((e) => e.slice(0, 10_000));
}

function serversOf(list: unknown[]): { url: string; description: string }[] {
  return list
    .filter(isObject)
    .filter((s) => typeof s.url === 'string')
    .slice(0, 20)
    .map((s) => ({ url: text(s.url).slice(0, 2_000), description: text(s.description).slice(0, 2_000) }));
}

function securityOf(list: unknown[]): Record<string, string[]>[] {
  return list
    .filter(isObject)
    .slice(0, 50)
    .map((requirement) =>
      Object.fromEntries(
        Object.entries(requirement).map(([name, scopes]) => [
          name,
          Array.isArray(scopes) ? scopes.filter((s): s is string => typeof s === 'string') : [],
        ]),
      ),
    );
}

function projectOf(spec: Obj, components: Obj): ImportedProject {
  const info = isObject(spec.info) ? spec.info : {};
  return {
    ...emptyProject(),
    name: text(info.title) || undefined,
    description: text(info.description) || undefined,
    version: text(info.version) || undefined,
    servers: serversOf(Array.isArray(spec.servers) ? spec.servers : []),
    securitySchemes: isObject(components.securitySchemes) ? components.securitySchemes : {},
    ...(Array.isArray(spec.security) ? { security: securityOf(spec.security) } : {}),
  };
}

/** Every `$ref` to a file or URL anywhere in the description, reported once each (never followed). */
function externalRefs(spec: Obj, warnings: ImportWarning[]) {
  const reported = new Set(warnings.filter((w) => w.code === 'externalRef').map((w) => String(w.params?.ref)));
  // The walk meets every node of the description (a million in GitHub's): a node's pointer is spelled out only for
  // a reference reported, from the keys that lead to it.
  interface Step {
    node: object;
    key: string;
    up?: Step;
  }
  const pointerTo = (step: Step) => {
    const keys: string[] = [];
    for (let at: Step | undefined = step; at?.up; at = at.up) keys.push(at.key);
    return pointerOf(...keys.reverse());
  };
  const stack: Step[] = [{ node: spec, key: '' }];
  while (stack.length) {
    const step = stack.pop()!;
    const node = step.node;
    if (!Array.isArray(node) && typeof (node as Obj).$ref === 'string') {
      const ref = (node as Obj).$ref as string;
      if (!ref.startsWith('#') && !reported.has(ref)) {
        reported.add(ref);
        warnings.push({ pointer: pointerTo(step), code: 'externalRef', params: { ref } });
      }
    }
    for (const key of Object.keys(node)) {
      const child = (node as Obj)[key];
      if (child && typeof child === 'object') stack.push({ node: child, key, up: step });
    }
  }
}
