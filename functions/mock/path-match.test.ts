import { describe, expect, it } from 'vitest';
import { buildRouteMatcher, compilePathTemplate, requestSegments } from './path-match';

const doc = (id: string, method: string, path: string) => ({ id, method, path });

describe('compilePathTemplate', () => {
  it('reads {param} and :param segments and keeps literals decoded', () => {
    expect(compilePathTemplate('/users/{id}/posts/:postId')).toEqual([
      { literal: 'users' },
      { param: 'id' },
      { literal: 'posts' },
      { param: 'postId' },
    ]);
    expect(compilePathTemplate('/files/a%20b')).toEqual([{ literal: 'files' }, { literal: 'a b' }]);
  });

  it('uses only the path of a full URL, a {{base}} prefix or a template with a query string', () => {
    expect(compilePathTemplate('https://api.example.com:8443/base/users/{id}?expand=1#top')).toEqual([
      { literal: 'base' },
      { literal: 'users' },
      { param: 'id' },
    ]);
    expect(compilePathTemplate('{{baseUrl}}/users/{id}')).toEqual([{ literal: 'users' }, { param: 'id' }]);
    expect(compilePathTemplate('users//{id}/')).toEqual([{ literal: 'users' }, { param: 'id' }]);
  });

  it('splits request paths without their query and decodes each segment on its own', () => {
    expect(requestSegments('/a%2Fb/c?x=1')).toEqual(['a/b', 'c']);
    expect(requestSegments('/bad%zz')).toEqual(['bad%zz']);
  });
});

describe('buildRouteMatcher', () => {
  it('matches both parameter styles and returns decoded parameters', () => {
    const matcher = buildRouteMatcher([doc('braces', 'GET', '/users/{id}'), doc('colon', 'GET', '/orders/:orderId/items/:itemId')]);
    expect(matcher.match('GET', '/users/42')).toEqual({ kind: 'match', documentId: 'braces', params: { id: '42' } });
    expect(matcher.match('get', '/orders/7/items/%E4%B8%AD%20x')).toEqual({
      kind: 'match',
      documentId: 'colon',
      params: { orderId: '7', itemId: '中 x' },
    });
  });

  it('tolerates leading and trailing slashes on either side', () => {
    const matcher = buildRouteMatcher([doc('d', 'GET', 'users/{id}/')]);
    expect(matcher.match('GET', '/users/42/')).toMatchObject({ kind: 'match', documentId: 'd' });
    expect(matcher.match('GET', 'users/42')).toMatchObject({ kind: 'match', documentId: 'd' });
  });

  it('compares segments case-sensitively', () => {
    const matcher = buildRouteMatcher([doc('d', 'GET', '/Users/{id}')]);
    expect(matcher.match('GET', '/users/1')).toEqual({ kind: 'no_match' });
    expect(matcher.match('GET', '/Users/1').kind).toBe('match');
  });

  it('prefers a literal segment to a parameter, comparing from the left', () => {
    const matcher = buildRouteMatcher([
      doc('any-user', 'GET', '/users/{id}'),
      doc('me', 'GET', '/users/me'),
      doc('param-first', 'GET', '/{kind}/list'),
      doc('literal-first', 'GET', '/users/{id}/list'),
    ]);
    expect(matcher.match('GET', '/users/me')).toEqual({ kind: 'match', documentId: 'me', params: {} });
    expect(matcher.match('GET', '/users/you')).toMatchObject({ documentId: 'any-user', params: { id: 'you' } });
    // `/users/{id}` and `/{kind}/list` both match; the first segment decides: literal `users` beats `{kind}`.
    expect(matcher.match('GET', '/users/list')).toMatchObject({ documentId: 'any-user', params: { id: 'list' } });
    expect(matcher.match('GET', '/users/x/list')).toMatchObject({ documentId: 'literal-first', params: { id: 'x' } });
    expect(matcher.match('GET', '/teams/list')).toMatchObject({ documentId: 'param-first', params: { kind: 'teams' } });
  });

  it('backtracks from a literal branch that leads nowhere to the parameter branch', () => {
    const matcher = buildRouteMatcher([doc('literal', 'GET', '/a/b/c'), doc('param', 'GET', '/a/{x}/d')]);
    expect(matcher.match('GET', '/a/b/d')).toEqual({ kind: 'match', documentId: 'param', params: { x: 'b' } });
  });

  it('requires the method and reports a path that matched with other methods', () => {
    const matcher = buildRouteMatcher([
      doc('get', 'GET', '/users/{id}'),
      doc('put', 'put', '/users/{id}'),
      doc('delete-me', 'DELETE', '/users/me'),
    ]);
    expect(matcher.match('PUT', '/users/1')).toMatchObject({ kind: 'match', documentId: 'put' });
    expect(matcher.match('POST', '/users/1')).toEqual({ kind: 'method_not_allowed', allow: ['GET', 'PUT'] });
    // The most specific path lacks GET, the parameter template has it.
    expect(matcher.match('GET', '/users/me')).toMatchObject({ kind: 'match', documentId: 'get', params: { id: 'me' } });
    expect(matcher.match('GET', '/nothing')).toEqual({ kind: 'no_match' });
  });

  it('keeps the first document of a duplicated method and path, and matches the root path', () => {
    const matcher = buildRouteMatcher([doc('first', 'GET', '/x'), doc('second', 'GET', '/x/'), doc('root', 'GET', '/')]);
    expect(matcher.match('GET', '/x')).toMatchObject({ documentId: 'first' });
    expect(matcher.match('GET', '/')).toMatchObject({ documentId: 'root' });
    expect(matcher.match('GET', '')).toMatchObject({ documentId: 'root' });
  });

  it('never turns a parameter named __proto__ into a prototype', () => {
    const matcher = buildRouteMatcher([doc('d', 'GET', '/x/{__proto__}')]);
    const result = matcher.match('GET', '/x/polluted');
    expect(result.kind).toBe('match');
    if (result.kind === 'match') expect(Object.getPrototypeOf(result.params)).toBe(Object.prototype);
  });

  it('matches thousands of templates quickly once built', () => {
    const documents = Array.from({ length: 5_000 }, (_, i) => doc(`d${i}`, 'GET', `/service${i % 50}/resource${i}/{id}/sub/{subId}`));
    const matcher = buildRouteMatcher(documents);
    const started = performance.now();
    let matched = 0;
    for (let i = 0; i < 10_000; i++) {
      const result = matcher.match('GET', `/service${i % 50}/resource${i % 5_000}/1/sub/2`);
      if (result.kind === 'match' && result.documentId === `d${i % 5_000}`) matched++;
    }
    expect(performance.now() - started).toBeLessThan(1_500);
    expect(matched).toBe(10_000);
  });
});
