/**
 * OpenAPI 3.1, JSON or YAML (issue 23): the inverse of shared/import/openapi, so that a re-import gives the same
 * documents. Data models become `components.schemas` and parameters that refer to one a `$ref` (a cycle is just
 * two references); HTTP APIs become operations with every response status, their examples, and each row's
 * constraints (enum, format, nullable as a `null` type, default, ranges, lengths, pattern, deprecated,
 * allOf/oneOf/anyOf); the folder becomes the tag (and `x-apifox-folder` the whole path, as Apifox writes it);
 * servers come from the environments' base URLs, else from what the project's imports carried. Other kinds of
 * document (markdown pages, rich text...) have no place in OpenAPI and are left out.
 */
import { dump } from 'js-yaml';
import type { ApiloomFile } from '../../../shared/import/apiloom';
import { WEBHOOK_PREFIX } from '../../../shared/import/types';
import { bodyRoot, type ApiContent, type ApiResponse, type Example, type ParamItem } from '../../../shared/schemas/document';
import { exampleValue, modelNames, readNodes, uniqueName } from '../common';
import type { ExportWriter } from '../types';
import { fullNameOf } from '../../../shared/titles';

type Obj = Record<string, unknown>;

const MEDIA_OF_REQUEST: Record<ApiContent['requestType'], string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  'form-data': 'multipart/form-data',
  xml: 'application/xml',
  raw: 'text/plain',
  none: 'application/json',
};
const MEDIA_OF_RESPONSE: Record<ApiResponse['format'], string> = {
  json: 'application/json',
  xml: 'application/xml',
  text: 'text/plain',
  html: 'text/html',
};
const APIFOX_STATUS: Record<ApiContent['status'], string> = {
  developing: 'developing',
  completed: 'released',
  deprecated: 'deprecated',
  failed: 'exception',
};
const SCALAR: Partial<Record<ParamItem['type'], Obj>> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  int32: { type: 'integer', format: 'int32' },
  int64: { type: 'integer', format: 'int64' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
  file: { type: 'string', format: 'binary' },
};
const ITEM_OF: Partial<Record<ParamItem['type'], string>> = {
  'array[string]': 'string',
  'array[number]': 'number',
  'array[boolean]': 'boolean',
};

const isStringType = (type: ParamItem['type']) => type === 'string' || type === 'file';

/** A JSON Pointer segment of a model name (`~` and `/` escaped), as a `$ref` names it. */
const refTo = (model: string) => `#/components/schemas/${model.replace(/~/g, '~0').replace(/\//g, '~1')}`;

/** Makes schemas from parameter rows; `models` names a model by the id a row's `ref` holds. */
class Schemas {
  constructor(private readonly models: Map<string, string>) {}

  /** The rows of a body or a model: an object of the properties, or the one unnamed root row's schema. */
  rows(items: ParamItem[]): Obj {
    const root = bodyRoot(items);
    if (root) return this.row(root);
    return this.object(items);
  }

  object(items: ParamItem[]): Obj {
    const required = items.filter((p) => p.required).map((p) => p.name);
    return {
      type: 'object',
      properties: Object.fromEntries(items.map((p) => [p.name, this.row(p)])),
      ...(required.length ? { required } : {}),
    };
  }

  /** One row: a model reference, a composition, or its type with its constraints. */
  row(p: ParamItem): Obj {
    const model = p.ref !== undefined ? this.models.get(p.ref) : undefined;
    if (model !== undefined) {
      const ref = { $ref: refTo(model) };
      if (p.type === 'array' || p.type === 'array[object]') return { type: 'array', items: ref, ...this.described(p), ...this.counts(p) };
      // 3.1 allows keywords beside a `$ref`: an enum, default or range the field puts on the model stays.
      return { ...ref, ...this.constraints(p) };
    }
    if (p.combine) {
      const type = p.type === 'object' ? { type: 'object' } : {};
      return { ...type, [p.combine]: p.children.map((c) => this.row(c)), ...this.constraints(p) };
    }
    const constraints = this.constraints(p);
    const nullable = (type: string | undefined): Obj => (type === undefined ? {} : { type: p.nullable ? [type, 'null'] : type });
    switch (p.type) {
      case 'object': {
        const object = this.object(p.children);
        // "One of these is required" goes back as the branches it came as.
        const requires = p.requires ? { [p.requires.combine]: p.requires.sets.map((required) => ({ required })) } : {};
        return { ...object, ...nullable('object'), ...requires, ...constraints };
      }
      case 'array':
      case 'array[object]':
      case 'array[array]':
      case 'array[string]':
      case 'array[number]':
      case 'array[boolean]':
        return { ...nullable('array'), items: this.items(p), ...this.described(p), ...this.counts(p), ...this.shared(p) };
      case 'any':
        return constraints;
      default: {
        const scalar = SCALAR[p.type] ?? {};
        const type = scalar.type as string | undefined;
        return { ...scalar, ...nullable(type), ...constraints };
      }
    }
  }

  /** What an array's items are: a composition or a schema (one unnamed child), objects, arrays, or scalars. */
  private items(p: ParamItem): Obj {
    const only = bodyRoot(p.children);
    if (p.type === 'array' && only) return this.row(only);
    const itemConstraints = {
      ...(p.enum ? { enum: p.enum } : {}),
      ...(p.format ? { format: p.format } : {}),
      ...(p.pattern !== undefined ? { pattern: p.pattern } : {}),
    };
    switch (p.type) {
      case 'array[object]':
        return this.object(p.children);
      case 'array[array]':
        return p.children.length ? { type: 'array', items: this.object(p.children) } : { type: 'array' };
      case 'array':
        return p.children.length ? this.object(p.children) : { ...itemConstraints };
      default:
        return { type: ITEM_OF[p.type] ?? 'string', ...itemConstraints };
    }
  }

  private described(p: ParamItem): Obj {
    return { ...(p.description ? { description: p.description } : {}), ...(p.deprecated ? { deprecated: true } : {}) };
  }

  private counts(p: ParamItem): Obj {
    return {
      ...(p.minItems !== undefined ? { minItems: p.minItems } : {}),
      ...(p.maxItems !== undefined ? { maxItems: p.maxItems } : {}),
    };
  }

  /** Examples and default, written as values of the row's type. */
  private shared(p: ParamItem): Obj {
    const text = isStringType(p.type);
    const examples = [...(p.value !== '' ? [p.value] : []), ...(p.examples ?? [])].map((e) => exampleValue(e, text));
    return {
      ...(examples.length ? { examples } : {}),
      ...(p.default !== undefined ? { default: exampleValue(p.default, text) } : {}),
    };
  }

  private constraints(p: ParamItem): Obj {
    return {
      ...this.described(p),
      ...this.shared(p),
      ...(p.enum ? { enum: p.enum } : {}),
      ...(p.format ? { format: p.format } : {}),
      ...(p.minimum !== undefined ? (p.exclusiveMinimum ? { exclusiveMinimum: p.minimum } : { minimum: p.minimum }) : {}),
      ...(p.maximum !== undefined ? (p.exclusiveMaximum ? { exclusiveMaximum: p.maximum } : { maximum: p.maximum }) : {}),
      ...(p.minLength !== undefined ? { minLength: p.minLength } : {}),
      ...(p.maxLength !== undefined ? { maxLength: p.maxLength } : {}),
      ...this.counts(p),
      ...(p.pattern !== undefined ? { pattern: p.pattern } : {}),
    };
  }
}

/** Examples of one media type: the first unnamed one as `example`, the rest by name (made unique). */
function examplesOf(list: Example[], json: boolean): Obj {
  const out: Obj = {};
  const named: Obj = {};
  const taken = new Set<string>();
  for (const [i, e] of list.entries()) {
    const value = json ? exampleValue(e.value, false) : e.value;
    if (!e.name && out.example === undefined) out.example = value;
    else named[uniqueName(taken, e.name || `example${i + 1}`)] = { value };
  }
  if (Object.keys(named).length) out.examples = named;
  return out;
}

/** Media entries: the main type with the schema, plus any type an example was written for. */
function contentOf(main: string, schema: Obj | undefined, examples: Example[]): Obj {
  const byType = new Map<string, Example[]>([[main, []]]);
  for (const e of examples) {
    const type = e.mediaType || main;
    byType.set(type, [...(byType.get(type) ?? []), e]);
  }
  return Object.fromEntries(
    [...byType].map(([type, list]) => [type, { ...(type === main && schema ? { schema } : {}), ...examplesOf(list, /json/i.test(type)) }]),
  );
}

/**
 * `:id` and `{id}` alike as OpenAPI's `{id}`; a full URL keeps its path. Only a segment that starts with `:` is a
 * parameter: Google-style custom methods (`/keypairs/{keyPairId}:disable`) keep their colon.
 */
export function openApiPath(path: string): string {
  let p = path.trim();
  const url = /^https?:\/\/[^/]+(\/.*)?$/i.exec(p);
  if (url) p = url[1] ?? '/';
  p = p.split('?')[0]!.replace(/(^|\/):([A-Za-z_][\w-]*)/g, '$1{$2}');
  return p.startsWith('/') ? p : `/${p}`;
}

function parameterOf(schemas: Schemas, p: ParamItem, where: 'path' | 'query' | 'header'): Obj {
  const cookie = where === 'header' && /^Cookie: /.test(p.name);
  const { description, deprecated, ...schema } = schemas.row({ ...p, name: '' });
  return {
    name: cookie ? p.name.slice('Cookie: '.length) : p.name,
    in: cookie ? 'cookie' : where,
    ...(where === 'path' || p.required ? { required: true } : {}),
    ...(description ? { description } : {}),
    ...(deprecated ? { deprecated: true } : {}),
    schema,
  };
}

function operationOf(schemas: Schemas, name: string, folders: string[], c: ApiContent, path: string): Obj {
  const parameters = [
    ...c.reqPath.map((p) => parameterOf(schemas, p, 'path')),
    ...c.reqQuery.map((p) => parameterOf(schemas, p, 'query')),
    ...c.reqHeaders.map((p) => parameterOf(schemas, p, 'header')),
  ];
  // Every placeholder of the path is a declared path parameter, or the description is invalid.
  const declared = new Set(parameters.filter((p) => p.in === 'path').map((p) => p.name));
  for (const [, placeholder] of path.matchAll(/\{([^}]+)\}/g))
    if (!declared.has(placeholder!)) {
      declared.add(placeholder!);
      parameters.push({ name: placeholder, in: 'path', required: true, schema: { type: 'string' } });
    }
  const hasBody = c.reqBody.length > 0 || c.reqExamples.length > 0;
  const responses = Object.fromEntries(
    c.responses.map((r) => {
      const hasContent = r.body.length > 0 || r.examples.length > 0;
      const headers = Object.fromEntries(
        r.headers.map((h) => {
          const { description, ...schema } = schemas.row({ ...h, name: '' });
          return [h.name, { ...(description ? { description } : {}), ...(h.required ? { required: true } : {}), schema }];
        }),
      );
      return [
        r.status,
        {
          description: r.description,
          ...(r.headers.length ? { headers } : {}),
          ...(hasContent
            ? { content: contentOf(MEDIA_OF_RESPONSE[r.format], r.body.length ? schemas.rows(r.body) : undefined, r.examples) }
            : {}),
        },
      ];
    }),
  );
  const tags = c.tags.length ? c.tags : folders.length ? [folders[folders.length - 1]!] : [];
  return {
    summary: name,
    ...(c.description && c.description !== name ? { description: c.description } : {}),
    ...(c.operationId ? { operationId: c.operationId } : {}),
    ...(tags.length ? { tags } : {}),
    ...(c.status === 'deprecated' ? { deprecated: true } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(hasBody
      ? {
          requestBody: {
            content: contentOf(MEDIA_OF_REQUEST[c.requestType], c.reqBody.length ? schemas.rows(c.reqBody) : undefined, c.reqExamples),
          },
        }
      : {}),
    responses: Object.keys(responses).length ? responses : { default: { description: '' } },
    ...(c.servers.length
      ? { servers: c.servers.map((s) => ({ url: s.url, ...(s.description ? { description: s.description } : {}) })) }
      : {}),
    ...(c.security ? { security: c.security } : {}),
    'x-apifox-name': name,
    'x-apifox-status': APIFOX_STATUS[c.status],
    ...(folders.length ? { 'x-apifox-folder': folders.join('/') } : {}),
  };
}

/** The OpenAPI 3.1 description of a project file, as a plain object. */
export function openApiOf(file: ApiloomFile): Obj {
  const nodes = readNodes(file);
  const models = modelNames(nodes);
  const schemas = new Schemas(models);
  const components: Obj = {};
  const taken = new Set<string>();
  for (const { typed, folders } of nodes) {
    if (typed?.type !== 'model') continue;
    const c = typed.content;
    if (taken.has(c.name)) continue;
    taken.add(c.name);
    components[c.name] = {
      ...schemas.rows(c.schema),
      ...(c.description ? { description: c.description } : {}),
      ...(folders.length ? { 'x-apifox-folder': folders.join('/') } : {}),
    };
  }
  const paths: Record<string, Obj> = {};
  const webhooks: Record<string, Obj> = {};
  const tags = new Map<string, Obj>();
  for (const { node, typed, folders } of nodes) {
    if (typed?.type !== 'api') continue;
    const c = typed.content;
    const webhook = c.path.startsWith(WEBHOOK_PREFIX) ? c.path.slice(WEBHOOK_PREFIX.length).trim() : undefined;
    const path = webhook || openApiPath(c.path);
    const method = c.method.toLowerCase();
    const item = webhook ? (webhooks[webhook] ??= {}) : (paths[path] ??= {});
    // Two documents of one method and path have one place in OpenAPI: the first in the tree keeps it.
    if (item[method]) continue;
    // The API's full name (an imported summary a tree title had to cut), as it came.
    const operation = operationOf(schemas, fullNameOf(node.name, c), folders, c, path);
    item[method] = operation;
    for (const tag of (operation.tags as string[] | undefined) ?? []) if (!tags.has(tag)) tags.set(tag, { name: tag });
  }
  const { project } = file;
  const fromEnvironments = project.environments.filter((e) => e.baseUrl).map((e) => ({ url: e.baseUrl!, description: e.name }));
  const servers = fromEnvironments.length
    ? fromEnvironments
    : project.servers.map((s) => ({ url: s.url, ...(s.description ? { description: s.description } : {}) }));
  return {
    openapi: '3.1.0',
    info: {
      title: project.name || 'API',
      version: '1.0.0',
      ...(project.description ? { description: project.description } : {}),
    },
    ...(servers.length ? { servers } : {}),
    ...(project.security ? { security: project.security } : {}),
    ...(tags.size ? { tags: [...tags.values()] } : {}),
    paths,
    ...(Object.keys(webhooks).length ? { webhooks } : {}),
    components: {
      schemas: components,
      ...(Object.keys(project.securitySchemes).length ? { securitySchemes: project.securitySchemes } : {}),
    },
  };
}

export const writeOpenApiJson: ExportWriter = async (file) => ({
  body: new TextEncoder().encode(JSON.stringify(openApiOf(file), null, 2)),
  contentType: 'application/json',
  extension: 'json',
});

export const writeOpenApiYaml: ExportWriter = async (file) => ({
  // No anchors or aliases: every reader reads it, and shared schemas are `$ref`s already.
  // js-yaml, which the importers already carry: the open API's bundle answers a document as YAML without a second
  // YAML library (yaml's 115 KB). No anchors for repeated objects, no folded lines.
  body: new TextEncoder().encode(dump(openApiOf(file), { noRefs: true, lineWidth: -1 })),
  contentType: 'application/yaml',
  extension: 'yaml',
});
