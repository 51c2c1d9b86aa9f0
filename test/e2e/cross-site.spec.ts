/**
 * Requests from other sites, made the way an attacker's page makes them: auto-submitted forms (urlencoded,
 * multipart, text/plain forging a JSON body) and `no-cors` fetches, from a second origin on loopback that is
 * same-site (another port of 127.0.0.1) or cross-site (localhost). The victim is signed in; afterwards nothing has
 * changed and the victim is still signed in as themselves.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { newPerson, PASSWORD } from './support';

const APP = `http://127.0.0.1:${process.env.E2E_PORT}`;
const COOKIE = 'apiloom-token';

const autoSubmit = (action: string, enctype: string, fields: Record<string, string>) => `<!doctype html>
<form id="f" method="POST" action="${action}" enctype="${enctype}">
${Object.entries(fields)
  .map(([name, value]) => `<input type="hidden" name='${name}' value='${value}'>`)
  .join('\n')}
</form><script>document.getElementById('f').submit()</script>`;

const ATTACKS: Record<string, (attackerAccount: string) => string> = {
  urlencoded: () => autoSubmit(`${APP}/api/project/folder`, 'application/x-www-form-urlencoded', { name: 'evil-urlencoded' }),
  multipart: () => autoSubmit(`${APP}/api/project/folder`, 'multipart/form-data', { name: 'evil-multipart' }),
  // A text/plain form writes `name=value`: this pair makes the body the JSON {"name":"evil-plain","x":"="}.
  'text/plain': () => autoSubmit(`${APP}/api/project/folder`, 'text/plain', { '{"name":"evil-plain","x":"': '"}' }),
  'no-cors fetch': () => `<!doctype html><script>
    fetch('${APP}/api/project/folder', { method: 'POST', mode: 'no-cors', credentials: 'include',
      headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ name: 'evil-fetch' }) })
      .finally(() => { document.title = 'sent'; });
  </script>`,
  'login form': (account) => autoSubmit(`${APP}/api/login`, 'application/x-www-form-urlencoded', { username: account, password: PASSWORD }),
};

let attacker: Server;
let attackerPort = 0;
let page = '';
test.beforeAll(async () => {
  attacker = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page));
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
});
test.afterAll(() => new Promise<void>((resolve) => attacker.close(() => resolve())));

for (const [site, host] of [
  ['same-site', '127.0.0.1'],
  ['cross-site', 'localhost'],
] as const) {
  test(`${site} forms and no-cors fetches change nothing and sign nobody in`, async ({ browser, request }) => {
    const victim = await newPerson(request, 'Victim');
    const intruder = await newPerson(request, 'Intruder');
    const context = await browser.newContext();
    await context.addCookies([{ name: COOKIE, value: encodeURIComponent(victim.token), url: APP, sameSite: 'Lax' }]);
    const tab = await context.newPage();
    const responses: number[] = [];
    tab.on('response', (r) => {
      if (r.url().startsWith(`${APP}/api/`)) responses.push(r.status());
    });

    for (const [name, attack] of Object.entries(ATTACKS)) {
      page = attack(intruder.account);
      await tab.goto(`http://${host}:${attackerPort}/${encodeURIComponent(name)}`);
      if (name === 'no-cors fetch') await expect(tab).toHaveTitle('sent');
      else await tab.waitForURL((url) => url.href.startsWith(`${APP}/api/`));
    }
    expect(responses.length).toBeGreaterThanOrEqual(4);

    const folders = await request.get('/api/project/folder', { headers: { token: victim.token } });
    expect(((await folders.json()) as { data: { folders: unknown[] } }).data.folders).toEqual([]);
    const cookie = (await context.cookies(APP)).find((c) => c.name === COOKIE);
    expect(decodeURIComponent(cookie?.value ?? ''), 'still signed in as the victim').toBe(victim.token);
    await context.close();
  });
}
