/**
 * The compatibility report through the API (issue 35): between a release and the live project, in the app and in
 * the open API; the next version offered by semver from the verdict; a version against itself; a missing release.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { paramRow } from '@shared/schemas/param-row';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { openApiClient } from '../../cli/mcp/open-api';
import { createMcpServer } from '../../cli/mcp/server';
import { routeClient } from '../../scripts/local/route-client';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

const pets = (query: { required: boolean }, fields: string[]) => ({
  method: 'GET',
  path: '/pets',
  description: 'Lists pets',
  reqQuery: [paramRow('limit', 'integer', { required: query.required })],
  responses: [{ status: '200', body: fields.map((f) => paramRow(f, 'string', { required: true })) }],
});

async function publishedProject() {
  const call = routeClient(`${api.url()}/api`);
  const owner = await signUp('Compat');
  const opts = { token: owner.token };
  const project = await call('project.create', { body: { name: 'Pet store' } }, opts);
  const doc = await call(
    'document.create',
    { body: { projectId: project.id, name: 'List pets', type: 'api', content: pets({ required: false }, ['id', 'price']) } },
    opts,
  );
  await call('release.publish', { body: { projectId: project.id, version: '1.0.0', desc: 'first' } }, opts);
  return { call, owner, opts, project, doc };
}

describe('the compatibility report', () => {
  it('a query parameter made required and a response field removed: two errors, and 2.0.0 offered next', async () => {
    const { call, opts, project, doc } = await publishedProject();
    expect(await call('release.nextVersion', { params: { id: project.id } }, opts)).toEqual({ version: '1.0.1', bump: 'patch' });
    await call('document.update', { body: { id: doc.id, rev: doc.rev, content: pets({ required: true }, ['id']) } }, opts);

    const report = await call('release.changes', { params: { id: project.id }, query: { from: '1.0.0', to: 'live' } }, opts);
    expect(report).toMatchObject({ from: '1.0.0', to: 'live', identical: false, bump: 'major' });
    expect(report.summary).toMatchObject({ error: 2, warning: 0, operations: { added: 0, changed: 1, removed: 0 } });
    expect(report.findings.map((f) => [f.id, f.field])).toEqual([
      ['request-parameter-became-required', 'request query limit'],
      ['response-required-property-removed', 'response 200 application/json body.price'],
    ]);
    expect(report.findings[0]!.operation).toMatchObject({ before: { docId: doc.id }, after: { docId: doc.id, path: '/pets' } });
    expect(report.findings[1]!.message.zh).toContain('响应字段');

    expect(await call('release.nextVersion', { params: { id: project.id } }, opts)).toEqual({ version: '2.0.0', bump: 'major' });

    // The open API answers the same report to a read token.
    const { secret } = await call(
      'token.create',
      { body: { projectId: project.id, name: 'CI', scopes: ['read'], expiresInDays: 1 } },
      opts,
    );
    const open = await call(
      'open.changes',
      { params: { projectId: project.id }, query: { from: '1.0.0', to: 'live' } },
      { headers: { authorization: `Bearer ${secret}` } },
    );
    expect(open.findings.map((f) => f.id)).toEqual(report.findings.map((f) => f.id));

    // And an assistant asks the MCP server's get_changes, which reads the open API.
    const server = createMcpServer(openApiClient({ url: `${api.url()}/api`, token: secret, projectId: project.id }), 'test');
    const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const assistant = new Client({ name: 'test', version: '1' });
    await assistant.connect(clientSide);
    const answer = (await assistant.callTool({ name: 'get_changes', arguments: { from: '1.0.0' } })) as { content: { text: string }[] };
    expect(answer.content[0]!.text).toContain('## 1.0.0 → live');
    expect(answer.content[0]!.text).toContain('`request-parameter-became-required`');
    expect(answer.content[0]!.text).toContain('2 errors');
    const missing = (await assistant.callTool({ name: 'get_changes', arguments: { from: '7.7.7' } })) as {
      isError?: boolean;
      content: { text: string }[];
    };
    expect(missing.isError).toBe(true);
    expect(missing.content[0]!.text).toContain('7.7.7');
    await assistant.close();
  });

  it('a version against itself is an empty report that says so', async () => {
    const { call, opts, project } = await publishedProject();
    const report = await call('release.changes', { params: { id: project.id }, query: { from: '1.0.0', to: '1.0.0' } }, opts);
    expect(report).toMatchObject({ identical: true, findings: [], changes: [], summary: { error: 0, warning: 0, info: 0 } });
  });

  it('the import preview reads the live APIs with the policy, each edit at its new revision', async () => {
    const { call, opts, project, doc } = await publishedProject();
    const first = await call('compat.live', { params: { projectId: project.id } }, opts);
    expect(first.policy).toEqual({ severities: {}, accepted: [] });
    expect(first.documents.map((d) => [d.id, d.type, d.name])).toEqual([[doc.id, 'api', 'List pets']]);
    expect(first.documents[0]!.content).toMatchObject({ method: 'GET', path: '/pets', reqQuery: [{ name: 'limit', required: false }] });
    // An edit is read at its new revision (what was read before is kept by revision, never served for a newer one).
    await call('document.update', { body: { id: doc.id, rev: doc.rev, content: pets({ required: true }, ['id']) } }, opts);
    const policy = await call('compat.policy', { params: { projectId: project.id } }, opts);
    await call(
      'compat.severities',
      { body: { projectId: project.id, rev: policy.rev, severities: { 'request-parameter-became-required': 'warning' } } },
      opts,
    );
    const next = await call('compat.live', { params: { projectId: project.id } }, opts);
    expect(next.documents[0]!.content).toMatchObject({ reqQuery: [{ name: 'limit', required: true }] });
    expect(next.policy.severities).toEqual({ 'request-parameter-became-required': 'warning' });
  });

  it('a release that does not exist is the catalogued not-found, naming it', async () => {
    const { owner, project } = await publishedProject();
    for (const [from, to] of [
      ['9.9.9', 'live'],
      ['1.0.0', '3.1.4'],
    ]) {
      for (const lang of ['zh', 'en']) {
        const res = await api.call('release.changes', {
          params: { id: project.id },
          token: owner.token,
          query: { from: from!, to: to! },
          headers: { 'accept-language': lang },
        });
        expect(res.code).toBe(ERRORS.versionNotFound.code);
        expect(res.message).toContain(from === '9.9.9' ? '9.9.9' : '3.1.4');
      }
    }
  });
});

describe("the project's compatibility policy", () => {
  it('changes a severity, turns a check off and accepts a finding with a reason, each in the history with who and why', async () => {
    const { call, owner, opts, project, doc } = await publishedProject();
    await call('document.update', { body: { id: doc.id, rev: doc.rev, content: pets({ required: true }, ['id']) } }, opts);
    const report = () => call('release.changes', { params: { id: project.id }, query: { from: '1.0.0', to: 'live' } }, opts);
    const before = await report();
    const required = before.findings.find((f) => f.id === 'request-parameter-became-required')!;
    const removed = before.findings.find((f) => f.id === 'response-required-property-removed')!;

    const empty = await call('compat.policy', { params: { projectId: project.id } }, opts);
    expect(empty).toEqual({ projectId: project.id, rev: 0, severities: {}, accepted: [], history: [] });

    // The removed field is only a warning to this project; the required parameter is accepted.
    const demoted = await call(
      'compat.severities',
      { body: { projectId: project.id, rev: 0, severities: { 'response-required-property-removed': 'warning' } } },
      opts,
    );
    expect(demoted.rev).toBe(1);
    const accepted = await call(
      'compat.accept',
      { body: { projectId: project.id, rev: 1, key: required.key, reason: 'Every client sends limit already' } },
      opts,
    );
    expect(accepted.accepted).toMatchObject([
      { key: required.key, check: required.id, field: 'request query limit', reason: 'Every client sends limit already', byName: 'Compat' },
    ]);
    expect(accepted.history).toMatchObject([
      { kind: 'accept', check: required.id, field: 'request query limit', reason: 'Every client sends limit already', byName: 'Compat' },
      { kind: 'severity', check: removed.id, severity: 'warning', byName: 'Compat' },
    ]);

    const after = await report();
    expect(after.summary).toMatchObject({ error: 0, warning: 1, accepted: 1 });
    expect(after.findings.find((f) => f.key === required.key)).toMatchObject({
      severity: 'error',
      accepted: { reason: 'Every client sends limit already' },
    });
    expect(after.findings.find((f) => f.key === removed.key)!.severity).toBe('warning');
    // Nothing breaks now: the publish dialog offers a minor or patch version, not 2.0.0.
    expect((await call('release.nextVersion', { params: { id: project.id } }, opts)).bump).not.toBe('major');

    // Turned off, the check is gone from the report; taken back, the acceptance counts again.
    await call('compat.severities', { body: { projectId: project.id, rev: 2, severities: { [removed.id]: 'off' } } }, opts);
    await call('compat.unaccept', { body: { projectId: project.id, rev: 3, key: required.key } }, opts);
    const last = await report();
    expect(last.findings.map((f) => [f.id, f.severity, !!f.accepted])).toEqual([[required.id, 'error', false]]);
    const policy = await call('compat.policy', { params: { projectId: project.id } }, opts);
    expect(policy.history.map((e) => [e.kind, e.severity ?? e.reason ?? ''])).toEqual([
      ['unaccept', ''],
      ['severity', 'off'],
      ['accept', 'Every client sends limit already'],
      ['severity', 'warning'],
    ]);

    // A write against an older revision is refused, naming who changed it; an unknown check is named.
    const stale = await api.call('compat.severities', {
      token: owner.token,
      body: { projectId: project.id, rev: 1, severities: {} },
    });
    expect(stale.code).toBe(ERRORS.staleRevision.code);
    expect(stale.message).toContain('Compat');
    for (const lang of ['zh', 'en']) {
      const unknown = await api.call('compat.severities', {
        token: owner.token,
        headers: { 'accept-language': lang },
        body: { projectId: project.id, rev: 4, severities: { 'no-such-check': 'off' } },
      });
      expect(unknown.code).toBe(ERRORS.unknownCheck.code);
      expect(unknown.message).toContain('no-such-check');
    }
  });
});
