import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiloomFile } from '../../../shared/import/apiloom';
import { fixtureFile, fixtureOptions } from '../test-fixture';
import { writeHtml } from '.';

const text = async (file: ApiloomFile, language: 'zh' | 'en' = 'zh') =>
  new TextDecoder().decode((await writeHtml(file, fixtureOptions(language))).body);
const scriptsOf = (page: string) =>
  [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map((m) => ({ attrs: m[1]!, body: m[2]! }));

describe('HTML writer', () => {
  it('writes one file: the data in a JSON script element, DOMPurify and the viewer, allowed by their hashes only', async () => {
    const page = await text(fixtureFile());
    const scripts = scriptsOf(page);
    expect(scripts.map((s) => s.attrs.trim())).toEqual(['type="application/json" id="apiloom-data"', '', '']);
    const data = JSON.parse(scripts[0]!.body) as { title: string; nodes: { name: string; html: string }[] };
    expect(data.title).toBe(fixtureFile().project.name);
    expect(data.nodes.map((n) => n.name)).toEqual(fixtureFile().nodes.map((n) => n.name));
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(page)![1]!;
    expect(csp).toContain("default-src 'none'");
    for (const { body } of scripts.slice(1)) {
      expect(csp).toContain(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style, 'utf8').digest('base64')}'`);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
  });

  it('a name or body that tries to close its script element stays data', async () => {
    const file = fixtureFile();
    const hostile = '</script><script>alert(1)</script><!--';
    file.nodes.push({ id: 'evil', parentId: '', type: 'doc', name: hostile, comment: '', content: { v: 1, markdown: hostile } });
    file.project.name = hostile;
    const page = await text(file);
    // Still exactly the three script elements, and the data reads back whole.
    const scripts = scriptsOf(page);
    expect(scripts).toHaveLength(3);
    const data = JSON.parse(scripts[0]!.body) as { title: string; nodes: { name: string }[] };
    expect(data.title).toBe(hostile);
    expect(data.nodes.at(-1)!.name).toBe(hostile);
    expect(scripts[0]!.body).not.toContain('<');
    expect(page).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--</title>');
  });

  it('speaks the chosen language in the words it adds', async () => {
    expect(await text(fixtureFile(), 'en')).toContain('placeholder="Search documents"');
    expect(await text(fixtureFile(), 'zh')).toContain('placeholder="搜索文档"');
  });
});
