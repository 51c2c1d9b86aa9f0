import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { UnknownVersionError, versioned } from './versioned';
import { contentEntities, contentInput, readContent } from './schemas/document';

/** A toy entity that changed shape twice: a name became first/last, then gained tags. */
const person = versioned([
  { schema: z.object({ name: z.string() }) },
  {
    schema: z.object({ first: z.string(), last: z.string() }),
    up: (p) => {
      const [first = '', ...rest] = (p as { name: string }).name.split(' ');
      return { first, last: rest.join(' ') };
    },
  },
  { schema: z.object({ first: z.string(), last: z.string(), tags: z.array(z.string()).default([]) }) },
]);

describe('versioned entities', () => {
  it('migrates every older version forward, one step at a time', () => {
    expect(person.latest).toBe(3);
    expect(person.read({ v: 1, name: 'Ada Lovelace' })).toEqual({ first: 'Ada', last: 'Lovelace', tags: [] });
    expect(person.read({ v: 2, first: 'Ada', last: 'Byron' })).toEqual({ first: 'Ada', last: 'Byron', tags: [] });
    expect(person.read({ v: 3, first: 'A', last: 'B', tags: ['x'] })).toEqual({ first: 'A', last: 'B', tags: ['x'] });
  });

  it('reads data written before versioning as version 1', () => {
    expect(person.read({ name: 'Grace Hopper' })).toEqual({ first: 'Grace', last: 'Hopper', tags: [] });
  });

  it('writes the newest version marker', () => {
    expect(person.write({ first: 'A', last: 'B', tags: [] })).toEqual({ v: 3, first: 'A', last: 'B', tags: [] });
  });

  it('refuses a version it does not know instead of guessing', () => {
    expect(() => person.read({ v: 4, first: 'A' })).toThrow(UnknownVersionError);
    expect(() => person.read({ v: 'x' })).toThrow(UnknownVersionError);
  });
});

describe('document content', () => {
  it('reads an unversioned stored body with the defaults of the newest shape', () => {
    const typed = readContent('api', { path: '/users', description: 'List users' });
    expect(typed.type).toBe('api');
    if (typed.type !== 'api') return;
    expect(typed.content).toMatchObject({
      method: 'GET',
      path: '/users',
      reqBody: [],
      responses: [{ status: '200', format: 'json', body: [] }],
    });
  });

  it('migrates a version 1 API, its one response, to the 200 response of version 2', () => {
    const row = { id: 'a1', name: 'id', type: 'integer', required: true, value: '7', description: 'The id', children: [] };
    const stored = {
      v: 1,
      method: 'POST',
      path: '/users',
      description: 'Create',
      respFormat: 'xml',
      respBody: [row],
      respHeaders: [{ ...row, name: 'X-Rate' }],
    };
    const typed = readContent('api', stored);
    if (typed.type !== 'api') throw new Error('kind');
    expect(typed.content.responses).toEqual([
      { status: '200', description: '', format: 'xml', body: [row], headers: [{ ...row, name: 'X-Rate' }], examples: [] },
    ]);
    expect(typed.content).not.toHaveProperty('respBody');
    expect(typed.content).toMatchObject({ tags: [], servers: [], reqExamples: [] });
    expect(typed.content.security).toBeUndefined();
    expect(contentEntities.api.write(typed.content)).toMatchObject({ v: contentEntities.api.latest });
    // Read again as stored by the new code: unchanged.
    expect(readContent('api', contentEntities.api.write(typed.content))).toEqual(typed);
  });

  it('reads a version 2 API as version 3 without scripts, and keeps the scripts version 3 stores', () => {
    const v2 = { v: 2, method: 'GET', path: '/me', description: 'Me' };
    const typed = readContent('api', v2);
    if (typed.type !== 'api') throw new Error('kind');
    expect(typed.content.scripts).toBeUndefined();
    const withScripts = { ...typed.content, scripts: { pre: "pm.environment.set('t', 1);", post: '' } };
    const stored = contentEntities.api.write(contentEntities.api.schema.parse(withScripts));
    expect(stored).toMatchObject({ v: 3, scripts: { pre: "pm.environment.set('t', 1);", post: '' } });
    const again = readContent('api', stored);
    expect(again.type === 'api' && again.content.scripts).toEqual({ pre: "pm.environment.set('t', 1);", post: '' });
  });

  it('keeps the new parameter settings and refuses a status given twice', () => {
    const row = {
      id: 'b1',
      name: 'kind',
      type: 'string',
      enum: ['cat', 'dog', 1, null],
      format: 'slug',
      nullable: true,
      default: 'cat',
      minLength: 1,
      maxLength: 20,
      pattern: '^[a-z]+$',
      deprecated: true,
      examples: ['dog'],
      ref: 'Pet',
      combine: 'oneOf',
    };
    const content = { path: '/p', description: 'd', responses: [{ status: '201', body: [row] }, { status: '4XX' }, { status: 'default' }] };
    const parsed = contentEntities.api.schema.parse(content);
    expect(parsed.responses[0]!.body[0]).toEqual({ ...row, required: false, value: '', description: '', children: [] });
    expect(() => contentEntities.api.schema.parse({ ...content, responses: [{ status: '200' }, { status: '200' }] })).toThrow(
      /responseStatusTwice/,
    );
    expect(() => contentEntities.api.schema.parse({ ...content, responses: [{ status: '600' }] })).toThrow(/responseStatus/);
  });

  it('takes version 1 response fields a caller still sends, instead of dropping them', () => {
    const legacy = { path: '/p', description: 'd', respBody: [{ id: 'x', name: 'ok', type: 'boolean' }] };
    const input = contentInput('api', legacy);
    expect(contentEntities.api.schema.parse(input).responses[0]!.body[0]!.name).toBe('ok');
    expect(contentInput('api', { path: '/p', responses: [] })).toEqual({ path: '/p', responses: [] });
  });

  it('reads a data model', () => {
    const typed = readContent('model', { name: 'Pet', schema: [{ id: 'p', name: 'name', type: 'string' }] });
    expect(typed).toMatchObject({ type: 'model', content: { name: 'Pet', description: '', schema: [{ name: 'name', required: false }] } });
  });

  it('stores every kind with its version', () => {
    expect(contentEntities.doc.write({ markdown: '# hi' })).toEqual({ v: 1, markdown: '# hi' });
    expect(readContent('doc', contentEntities.doc.write({ markdown: '# hi' }))).toEqual({ type: 'doc', content: { markdown: '# hi' } });
  });
});
