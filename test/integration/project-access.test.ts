/**
 * Walks every `project` route of the table with a real project: a signed-in stranger is refused (42003), and a
 * member with the view role is refused wherever the route needs more than view.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../shared/errors';
import { routeEntries, type ProjectAccess, type RouteDef } from '../../shared/routes';
import { putItem } from '../../functions/data/db';
import { memberRecord } from '../../functions/data/projects';
import { signUp, useLocalApi } from '../support/local-api';
import { sampleRequest } from '../support/sample-request';

const api = useLocalApi();
const projectRoutes = routeEntries.filter((e): e is [(typeof e)[0], RouteDef & { access: ProjectAccess }] => e[1].access.kind === 'project');

let projectId = '';
let documentId = '';
let stranger = '';
let viewer = '';

beforeAll(async () => {
  const [owner, s, v] = await Promise.all([signUp(api, 'Owner'), signUp(api, 'Stranger'), signUp(api, 'Viewer')]);
  stranger = s.token;
  viewer = v.token;
  const created = await api.call<{ id: string }>('PUT', '/project', { token: owner.token, body: { name: 'Guarded' } });
  projectId = created.data.id;
  const doc = await api.call<{ id: string }>('PUT', '/project/document', { token: owner.token, body: { projectId, name: 'Guarded doc' } });
  documentId = doc.data.id;
  await putItem(memberRecord(projectId, v.userId, 'view', null));
});

const requestFor = (route: RouteDef) => sampleRequest(route, { projectId, documentId });

describe('project routes refuse strangers and under-privileged members', () => {
  it('has project routes to walk', () => expect(projectRoutes.length).toBeGreaterThanOrEqual(12));

  it.each(projectRoutes)('%s refuses a signed-in stranger', async (_id, route) => {
    const { path, query, body } = requestFor(route);
    const res = await api.call(route.method, path, { token: stranger, query, body });
    expect(res.code).toBe(ERRORS.forbidden.code);
  });

  it.each(projectRoutes.filter(([, r]) => r.access.role !== 'view'))('%s refuses a viewer', async (_id, route) => {
    const { path, query, body } = requestFor(route);
    const res = await api.call(route.method, path, { token: viewer, query, body });
    expect(res.code).toBe(ERRORS.forbidden.code);
  });

  it.each(projectRoutes.filter(([, r]) => !r.access.publicRead))('%s refuses an anonymous caller', async (_id, route) => {
    const { path, query, body } = requestFor(route);
    expect((await api.call(route.method, path, { query, body })).code).toBe(ERRORS.notLoggedIn.code);
  });
});
