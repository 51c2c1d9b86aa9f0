import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { UnknownVersionError, versioned } from './versioned';
import { contentEntities, readContent } from './schemas/document';

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
    expect(typed.content).toMatchObject({ method: 'GET', path: '/users', reqBody: [], respFormat: 'json' });
  });

  it('stores every kind with its version', () => {
    expect(contentEntities.doc.write({ markdown: '# hi' })).toEqual({ v: 1, markdown: '# hi' });
    expect(readContent('doc', contentEntities.doc.write({ markdown: '# hi' }))).toEqual({ type: 'doc', content: { markdown: '# hi' } });
  });
});
