import { describe, expect, it } from 'vitest';
import { afterLoginTarget } from './after-login';

const ORIGIN = 'https://apiloom.example';

describe('where f takes a person after signing in (issue 25: no open redirect)', () => {
  it('keeps paths and addresses of our own origin', () => {
    expect(afterLoginTarget(null, ORIGIN)).toEqual({ kind: 'path', path: '/dashboard' });
    expect(afterLoginTarget('/project/p1?x=1#a', ORIGIN)).toEqual({ kind: 'path', path: '/project/p1?x=1#a' });
    expect(afterLoginTarget('dashboard/profile/info', ORIGIN)).toEqual({ kind: 'path', path: '/dashboard/profile/info' });
    expect(afterLoginTarget(`${ORIGIN}/dashboard?view=team`, ORIGIN)).toEqual({ kind: 'path', path: '/dashboard?view=team' });
  });

  it('sends anything leaving our origin through the external-link notice', () => {
    for (const f of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'http://apiloom.example/', 'javascript:alert(1)']) {
      expect(afterLoginTarget(f, ORIGIN), f).toEqual({ kind: 'external', url: f });
    }
  });
});
