import { describe, expect, it } from 'vitest';
import { routes } from '@shared/routes';
import { expiryState, llmsLink, minutesToWait, shareCreateBody, shareLink, shareUpdateBody, type ShareFormValues } from './shares';

const PROJECT = '0b0e5f5c-1d8e-4c47-9d0f-5a3e0a6f7b11';
const SHARE = `${PROJECT}_AbCdEfGhIjKlMnOpQrStUv`;
const at = (iso: string) => ({ toISOString: () => iso });
const values = (extra: Partial<ShareFormValues> = {}): ShareFormValues => ({
  name: '  For QA ',
  expireAt: at('2030-01-02T03:04:05.000Z'),
  ...extra,
});

describe('share request bodies', () => {
  it('a create trims the name, shares the whole project without documents, live without a version, open without a password', () => {
    expect(shareCreateBody(PROJECT, values())).toEqual({
      projectId: PROJECT,
      name: 'For QA',
      docIds: [],
      expireAt: '2030-01-02T03:04:05.000Z',
      password: '',
      version: null,
      allowExport: false,
    });
    expect(shareCreateBody(PROJECT, values({ docIds: ['a', 'b'], password: 'pw', version: '1.0.0' }))).toMatchObject({
      docIds: ['a', 'b'],
      password: 'pw',
      version: '1.0.0',
    });
  });

  it('an update keeps the password unless a new one is typed, and removing it sends an empty one', () => {
    const kept = shareUpdateBody(PROJECT, SHARE, values({ password: '' }));
    expect(kept).toMatchObject({ id: SHARE, projectId: PROJECT, name: 'For QA' });
    expect('password' in kept).toBe(false);
    expect(shareUpdateBody(PROJECT, SHARE, values({ password: 'new one' })).password).toBe('new one');
    expect(shareUpdateBody(PROJECT, SHARE, values({ password: 'ignored', removePassword: true })).password).toBe('');
  });
});

describe('expiry', () => {
  const now = Date.parse('2030-01-01T00:00:00Z');
  it('is expired at or after its time, soon within a day, valid otherwise', () => {
    expect(expiryState('2029-12-31T23:59:59Z', now)).toBe('expired');
    expect(expiryState('2030-01-01T00:00:00Z', now)).toBe('expired');
    expect(expiryState('2030-01-01T00:00:01Z', now)).toBe('soon');
    expect(expiryState('2030-01-02T00:00:00Z', now)).toBe('soon');
    expect(expiryState('2030-01-02T00:00:01Z', now)).toBe('valid');
    expect(expiryState('not a date', now)).toBe('expired');
  });
});

describe('links and waiting', () => {
  it('a share link is the share page, absolute', () => {
    expect(shareLink('https://docs.example.com', PROJECT, SHARE)).toBe(`https://docs.example.com/project/${PROJECT}/share/${SHARE}`);
  });

  it("a share's llms.txt is under the API's own base, absolute, with the reader's token when there is one", () => {
    const route = routes['share.llms'];
    expect(llmsLink('/api', 'https://docs.example.com', route, SHARE)).toBe(
      `https://docs.example.com/api/project/document/share-item/${SHARE}/llms.txt`,
    );
    expect(llmsLink('https://api.example.com', 'https://docs.example.com', route, SHARE, `${SHARE}.t_k`)).toBe(
      `https://api.example.com/project/document/share-item/${SHARE}/llms.txt?share-token=${encodeURIComponent(`${SHARE}.t_k`)}`,
    );
  });

  it('waiting is said in whole minutes, at least one', () => {
    expect(minutesToWait(1)).toBe(1);
    expect(minutesToWait(60)).toBe(1);
    expect(minutesToWait(61)).toBe(2);
    expect(minutesToWait(900)).toBe(15);
    expect(minutesToWait(undefined)).toBe(1);
  });
});
