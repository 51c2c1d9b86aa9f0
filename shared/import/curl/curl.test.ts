import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiContent } from '../../schemas/document';
import { importInput } from '../index';
import { windowsWords } from './index';

const read = (name: string) => importInput({ text: readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8') });
const api = async (name: string) => {
  const r = await read(name);
  expect(r.format).toBe('curl');
  expect(r.documents).toHaveLength(1);
  return r.documents[0]!.content as ApiContent;
};

describe('cURL importer', () => {
  it("reads Chrome's bash form: method, path and query apart, headers without the cookie, the JSON body as rows", async () => {
    const c = await api('chrome-bash.txt');
    expect(c).toMatchObject({ method: 'POST', path: '/v1/orders/17', requestType: 'json', servers: [{ url: 'https://api.example.com' }] });
    expect(c.reqQuery.map((q) => [q.name, q.value])).toEqual([
      ['expand', 'lines'],
      ['debug', '1'],
    ]);
    expect(c.reqHeaders.map((h) => h.name)).toEqual(['accept', 'authorization', 'content-type']);
    expect(c.reqBody.map((p) => [p.name, p.value])).toEqual([
      ['note', "it's here"],
      ['qty', '2'],
    ]);
  });

  it("reads Chrome's Windows cmd form, ^ escapes and line continuations included", async () => {
    expect(windowsWords('curl ^"a b^" -d "x""y"')).toEqual(['curl', 'a b', '-d', 'x"y']);
    const c = await api('chrome-cmd.txt');
    expect(c).toMatchObject({ method: 'POST', path: '/v1/users', requestType: 'json' });
    expect(c.reqBody.map((p) => [p.name, p.value])).toEqual([
      ['name', 'Ada & Co'],
      ['age', '36'],
    ]);
  });

  it("reads Firefox's form: an explicit method and a form body", async () => {
    const c = await api('firefox.txt');
    expect(c).toMatchObject({ method: 'PUT', path: '/v1/upload', requestType: 'form' });
    expect(c.reqBody.map((p) => [p.name, p.value])).toEqual([
      ['title', 'Hi'],
      ['tags', 'a'],
    ]);
  });

  it('refuses a command that is not a request', async () => {
    await expect(importInput({ text: 'curl --version' })).rejects.toMatchObject({ reason: 'importInvalidType' });
  });
});
