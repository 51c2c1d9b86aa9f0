import { describe, expect, it } from 'vitest';
import { concretePath, mockUrlOf, previewUrl, withMockToken } from './mock-url';

describe('mockUrlOf', () => {
  it('puts the project and the path under the mock origin, without a doubled slash', () => {
    expect(mockUrlOf('http://127.0.0.1:41234', 'p1', '/users/{id}')).toBe('http://127.0.0.1:41234/p1/users/{id}');
    expect(mockUrlOf('https://mock.example.com/', 'p1', 'users/:id')).toBe('https://mock.example.com/p1/users/:id');
  });

  it('reads the template as the mock origin does: no host, base variable, query or fragment', () => {
    expect(mockUrlOf('http://m', 'p', 'https://api.example.com:8443/base/users/{id}?expand=1#top')).toBe('http://m/p/base/users/{id}');
    expect(mockUrlOf('http://m', 'p', '{{baseUrl}}/orders')).toBe('http://m/p/orders');
    expect(mockUrlOf('http://m', 'p', '  /orders  ')).toBe('http://m/p/orders');
  });
});

describe('withMockToken', () => {
  it('adds the token as a query parameter, encoded, only when there is one', () => {
    expect(withMockToken('http://m/p/a', 'abc_DEF-12')).toBe('http://m/p/a?mockToken=abc_DEF-12');
    expect(withMockToken('http://m/p/a?x=1', 'tok')).toBe('http://m/p/a?x=1&mockToken=tok');
    expect(withMockToken('http://m/p/a', null)).toBe('http://m/p/a');
    expect(withMockToken('http://m/p/a', '')).toBe('http://m/p/a');
  });
});

describe('concretePath', () => {
  it('fills path parameters of both spellings with their examples, else 1', () => {
    expect(concretePath('/users/{id}/posts/:postId', { id: '42' })).toBe('/users/42/posts/1');
    expect(concretePath('/files/{name}', { name: 'a b/c' })).toBe('/files/a%20b%2Fc');
    expect(concretePath('https://host/base/{ id }?q=1')).toBe('/base/1');
    expect(concretePath('orders')).toBe('/orders');
  });
});

describe('previewUrl', () => {
  it('joins the origin, the project, the path and the query', () => {
    expect(previewUrl('http://m/', 'p', '/users/7', '?a=1&b=2')).toBe('http://m/p/users/7?a=1&b=2');
    expect(previewUrl('http://m', 'p', 'users', '  ')).toBe('http://m/p/users');
  });
});
