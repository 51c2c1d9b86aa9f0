/**
 * The `auto` mock follows the schema it was imported from: an OpenAPI file goes through the importer (the rows a
 * user's imported document holds), the compiled body generates answers under many seeds, and each answer is
 * validated against the file's own JSON Schema by Ajv with its formats: types, enums (of fields and of array
 * items), formats whatever the field's name, patterns (of fields and of array items, with a format or lengths
 * beside them), required fields, numeric bounds, string lengths and item counts.
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { importInput } from '@shared/import';
import { successResponse, type ParamItem } from '@shared/schemas/document';
import { compileBody, generateFromParams } from './generate';

const PERSON = {
  type: 'object',
  required: [
    'id',
    'name',
    'email',
    'contact',
    'role',
    'level',
    'createdAt',
    'birthday',
    'key',
    'homepage',
    'address',
    'score',
    'tags',
    'mobile',
    'postcode',
    'joined',
    'nicknames',
  ],
  properties: {
    // A name says "an id" (1-100,000); the bounds say less.
    id: { type: 'integer', format: 'int64', minimum: 1, maximum: 999 },
    name: { type: 'string', minLength: 2, maxLength: 12 },
    email: { type: 'string', format: 'email' },
    // Formats the names do not suggest (or suggest otherwise): the format decides.
    contact: { type: 'string', format: 'email' },
    role: { type: 'string', enum: ['admin', 'dev', 'viewer'] },
    level: { type: 'integer', enum: [1, 2, 3] },
    createdAt: { type: 'string', format: 'date-time' },
    birthday: { type: 'string', format: 'date' },
    key: { type: 'string', format: 'uuid' },
    homepage: { type: 'string', format: 'uri' },
    address: { type: 'string', format: 'ipv4' },
    score: { type: 'number', minimum: 0, exclusiveMaximum: 1 },
    code: { type: 'string', minLength: 40 },
    tags: { type: 'array', minItems: 2, maxItems: 4, items: { type: 'string', enum: ['red', 'green', 'blue'] } },
    links: { type: 'array', items: { type: 'string', format: 'uri' } },
    // Patterns: a phone number the name's faker value does not match, lengths and a format beside a pattern, items.
    mobile: { type: 'string', pattern: '^1[3-9]\\d{9}$' },
    postcode: { type: 'string', pattern: '^\\d{6}$', minLength: 6, maxLength: 6 },
    joined: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
    nicknames: { type: 'array', minItems: 1, items: { type: 'string', pattern: '^[\\u4e00-\\u9fa5]{2,4}$' } },
    team: { $ref: '#/components/schemas/Team' },
  },
} as const;

const TEAM = {
  type: 'object',
  required: ['name', 'size'],
  properties: { name: { type: 'string' }, size: { type: 'integer', minimum: 100, maximum: 120 } },
} as const;

const RESPONSE = { type: 'array', minItems: 5, maxItems: 5, items: { $ref: '#/components/schemas/Person' } } as const;

const FILE = {
  openapi: '3.1.0',
  info: { title: 'Schema', version: '1' },
  paths: {
    '/people': {
      get: { responses: { '200': { description: 'people', content: { 'application/json': { schema: RESPONSE } } } } },
    },
    '/example': {
      get: {
        responses: {
          '200': {
            description: 'from examples',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer', example: 1 },
                    roles: { type: 'array', items: { type: 'string' }, example: ['admin', 'dev'] },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  components: { schemas: { Person: PERSON, Team: TEAM } },
};

/** The file's rows as the importer writes them: each operation's 2xx body, and the models by the key rows refer to. */
async function imported() {
  const result = await importInput({ bytes: new TextEncoder().encode(JSON.stringify(FILE)), name: 'schema.json' });
  const bodyOf = (path: string) => {
    const doc = result.documents.find((d) => d.type === 'api' && d.content.path === path);
    if (doc?.type !== 'api') throw new Error(`no API ${path}`);
    return successResponse(doc.content)!.body;
  };
  const models = new Map<string, ParamItem[]>();
  for (const d of result.documents) if (d.type === 'model') models.set(d.key.replace(/^model:/, ''), d.content.schema);
  return { bodyOf, models: (ref: string) => models.get(ref) };
}

const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile({ ...RESPONSE, components: FILE.components });

describe('the auto mock follows the schema', () => {
  it('answers that validate against the source schema, in both languages, whatever the seed', async () => {
    const { bodyOf, models } = await imported();
    const body = compileBody(bodyOf('/people'), models);
    for (let seed = 1; seed <= 40; seed++) {
      const result = body.generate({ seed, locale: seed % 2 ? 'zh' : 'en', deadline: Date.now() + 30_000 });
      if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
      const valid = validate(result.value.value);
      expect(valid, `seed ${seed}: ${JSON.stringify(validate.errors)}\n${result.value.json}`).toBe(true);
    }
  });

  it('answers the same body compiled or not, for a seed', async () => {
    const { bodyOf, models } = await imported();
    const compiled = compileBody(bodyOf('/people'), models);
    const options = { seed: 11, deadline: Date.now() + 30_000 };
    const once = generateFromParams(bodyOf('/people'), { ...options, models });
    const again = compiled.generate(options);
    expect(once.ok && again.ok && again.value.json).toBe(once.ok && once.value.json);
    // And a compiled body is not stuck on one answer: unseeded runs differ.
    const unseeded = new Set(Array.from({ length: 5 }, () => JSON.stringify(compiled.generate())));
    expect(unseeded.size).toBeGreaterThan(1);
  });

  it('answers a body of examples with the examples, every time, and no caller can change the next answer', async () => {
    const { bodyOf, models } = await imported();
    const compiled = compileBody(bodyOf('/example'), models);
    const first = compiled.generate();
    const second = compiled.generate({ locale: 'en' });
    if (!first.ok || !second.ok) throw new Error('not generated');
    expect(first.value.json).toBe('{"id":1,"roles":["admin","dev"]}');
    expect(second.value.json).toBe(first.value.json);
    expect(() => ((first.value.value as { roles: string[] }).roles[0] = 'changed')).toThrow(TypeError);
    const third = compiled.generate();
    expect(third.ok && third.value.json).toBe('{"id":1,"roles":["admin","dev"]}');
  });
});
