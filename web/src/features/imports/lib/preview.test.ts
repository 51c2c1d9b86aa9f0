import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiContentV3 } from '@shared/schemas/api-content';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { paramRow } from '@shared/schemas/param-row';
import { createPreview, existingFromTree, type PreviewResponse } from './preview';

const fixture = (path: string) => readFileSync(new URL(`../../../../../shared/import/${path}`, import.meta.url));
const petstore = () => new Blob([fixture('openapi/fixtures/swagger2-petstore.yaml')]);
const merge = { mode: 'merge', deleteMissing: false } as const;

const node = (id: string, type: DocumentTreeNode['type'], name: string, extra: Partial<DocumentTreeNode> = {}): DocumentTreeNode => ({
  id,
  projectId: 'p1',
  parentId: '0',
  preId: '0',
  name,
  type,
  comment: '',
  method: null,
  path: null,
  status: null,
  children: [],
  ...extra,
});

const expectType = <T extends PreviewResponse['type']>(r: PreviewResponse, type: T) => {
  expect(r.type).toBe(type);
  return r as Extract<PreviewResponse, { type: T }>;
};

describe('import preview (the worker protocol)', () => {
  it('reads a Swagger file into counts by kind, with everything new in an empty project', async () => {
    const handle = createPreview();
    const r = expectType(
      await handle({ type: 'read', seq: 1, file: petstore(), name: 'petstore.yaml', existing: [], choices: merge }),
      'read',
    );
    expect(r).toMatchObject({ seq: 1, format: 'openapi', counts: { apis: 4, models: 3, pages: 0 } });
    expect(r.plan).toMatchObject({ created: 7, updated: 0, skipped: 0, deleted: 0, conflicts: [] });
  });

  it('matches the project tree on method and path ({x} and :x alike) and on model names, under each choice', async () => {
    const handle = createPreview();
    const first = expectType(
      await handle({ type: 'read', seq: 1, file: petstore(), name: 'p.yaml', existing: [], choices: merge }),
      'read',
    );
    const tree = [
      node('p1_a', 'folder', 'pets', {
        children: [node('p1_b', 'api', 'Find a pet', { method: 'GET', path: '/pets/:petId' })],
      }),
      node('p1_c', 'model', 'Pet'),
      node('p1_d', 'doc', 'Readme'),
    ];
    const existing = existingFromTree(tree);
    expect(existing.find((d) => d.id === 'p1_b')).toMatchObject({ folder: ['pets'], content: { method: 'GET', path: '/pets/:petId' } });
    const merged = expectType(await handle({ type: 'plan', seq: 2, existing, choices: merge }), 'plan');
    expect(merged.plan).toMatchObject({ created: 5, updated: 2, skipped: 0 });
    expect(merged.plan.conflicts.map((c) => [c.name, c.action]).sort()).toEqual([
      ['Find a pet', 'updated'],
      ['Pet', 'updated'],
    ]);
    const kept = expectType(await handle({ type: 'plan', seq: 3, existing, choices: { mode: 'skip', deleteMissing: true } }), 'plan');
    expect(kept.plan).toMatchObject({ created: 5, updated: 0, skipped: 2, deleted: 0 });
    expect(kept.plan.conflicts.every((c) => c.action === 'skipped')).toBe(true);
    expect(first.counts.apis).toBe(4);
  });

  it('reads pasted text too, and names a cURL command', async () => {
    const handle = createPreview();
    const text = fixture('curl/fixtures/chrome-bash.txt').toString('utf8');
    const r = expectType(await handle({ type: 'read', seq: 1, text, name: 'pasted', existing: [], choices: merge }), 'read');
    expect(r).toMatchObject({ format: 'curl', counts: { apis: 1, models: 0 }, plan: { created: 1 } });
  });

  it("answers the source's project name and description (OpenAPI's info), which a new project starts from", async () => {
    const handle = createPreview();
    const text = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Pet shop', description: 'Pets for sale', version: '1' },
      paths: { '/pets': { get: { responses: { '200': { description: 'ok' } } } } },
    });
    const r = expectType(await handle({ type: 'read', seq: 1, text, name: 'pets.json', existing: [], choices: merge }), 'read');
    expect(r.project).toEqual({ name: 'Pet shop', description: 'Pets for sale' });
  });

  it('refuses what is none of the formats, and an oversized file before reading it, with the catalogue reasons', async () => {
    const handle = createPreview();
    const none = await handle({ type: 'read', seq: 1, text: 'hello: [just, yaml]', name: 'notes.yaml', existing: [], choices: merge });
    expect(none).toEqual({ type: 'refused', seq: 1, reason: 'importInvalidType', params: {} });
    let read = false;
    const huge = { size: 60 * 1024 * 1024, arrayBuffer: () => ((read = true), Promise.resolve(new ArrayBuffer(0))) } as unknown as Blob;
    const large = await handle({ type: 'read', seq: 2, file: huge, name: 'big.json', existing: [], choices: merge });
    expect(large).toMatchObject({ type: 'refused', seq: 2, reason: 'importTooLarge', params: { mb: 50 } });
    expect(read).toBe(false);
    // A refused read leaves nothing to plan.
    expect(await handle({ type: 'plan', seq: 3, existing: [], choices: merge })).toMatchObject({ type: 'failed', seq: 3 });
  });

  it('passes the importer warnings on with their pointers', async () => {
    const handle = createPreview();
    const spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/a': {
          get: {
            responses: {
              200: { description: 'ok', content: { 'application/json': { schema: { $ref: 'https://elsewhere.example/x.json' } } } },
            },
          },
        },
      },
    });
    const r = expectType(await handle({ type: 'read', seq: 1, text: spec, name: 'a.json', existing: [], choices: merge }), 'read');
    const external = r.warnings.find((w) => w.code === 'externalRef');
    expect(external?.pointer).toContain('/paths/~1a/get');
  });

  it("gives the verdict of applying the file against the target's APIs, once they are sent (what the job's report says)", async () => {
    const handle = createPreview();
    // The project: GET /pets with an optional `limit` and a response of `id` and `price`.
    const live = {
      documents: [
        {
          id: 'p1_b',
          type: 'api' as const,
          name: 'List pets',
          folder: [],
          content: apiContentV3.parse({
            method: 'GET',
            path: '/pets',
            description: 'Lists pets',
            reqQuery: [paramRow('limit', 'integer', { required: false })],
            responses: [{ status: '200', body: ['id', 'price'].map((f) => paramRow(f, 'string', { required: true })) }],
          }),
        },
      ],
      policy: { severities: {}, accepted: [] },
    };
    const existing = existingFromTree([node('p1_b', 'api', 'List pets', { method: 'GET', path: '/pets' })]);
    // The file: `limit` required, `price` gone.
    const text = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1' },
      paths: {
        '/pets': {
          get: {
            summary: 'List pets',
            description: 'Lists pets',
            parameters: [{ name: 'limit', in: 'query', required: true, schema: { type: 'integer' } }],
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } },
                },
              },
            },
          },
        },
      },
    });
    const unknown = expectType(await handle({ type: 'read', seq: 1, text, name: 'pets.json', existing, choices: merge }), 'read');
    expect(unknown.plan.verdict).toBeUndefined();

    expect(await handle({ type: 'project', live })).toBeUndefined();
    const { plan } = expectType(await handle({ type: 'plan', seq: 2, existing, choices: merge }), 'plan');
    expect(plan).toMatchObject({ updated: 1, verdict: { bump: 'major', summary: { error: 2, warning: 0 } } });
    expect(plan.verdict!.findings.map((f) => [f.id, f.field])).toEqual([
      ['request-parameter-became-required', 'request query limit'],
      ['response-required-property-removed', 'response 200 application/json body.price'],
    ]);
    expect(plan.verdict!.findings[0]!.message.zh).toContain('必填');
    // Kept as the project's (skip): nothing changes, nothing breaks.
    const kept = expectType(await handle({ type: 'plan', seq: 3, existing, choices: { mode: 'skip', deleteMissing: false } }), 'plan');
    expect(kept.plan.verdict).toMatchObject({ summary: { error: 0 }, findings: [] });
  });
});
