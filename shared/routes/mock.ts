/**
 * Mock settings of HTTP API documents (spec section 7, "Mock"). Anyone who reads the project may see them (the
 * editor shows them read only); changing them is for editors. The mocks themselves answer on the mock origin
 * (functions/origins/mock), outside this table.
 */
import { documentIdSchema } from '../schemas/document';
import { mockConfigBody, mockConfigView, mockType } from '../schemas/mock';
import { idSchema } from '../schemas/project';
import { onProject, param, body, route } from './define';
import { pathParams } from './path-params';

const editable = { states: ['active'] } as const;

export const mockRoutes = {
  'mock.get': route({
    method: 'GET',
    path: '/project/document/mock-config/{a}/{b}',
    service: 'document',
    access: onProject(param('projectId'), 'view'),
    ...pathParams({ a: ['projectId', idSchema], b: ['docId', documentIdSchema] }),
    response: mockConfigView,
  }),
  /** The spec writes this path with a trailing slash; API Gateway and the local gateway route both spellings here. */
  'mock.save': route({
    method: 'PUT',
    path: '/project/document/mock-config',
    service: 'document',
    access: onProject(body('projectId'), 'edit', editable),
    body: mockConfigBody,
    response: mockConfigView,
  }),
  'mock.changeType': route({
    method: 'POST',
    path: '/project/document/mock-config/type/change/{a}/{b}/{c}',
    service: 'document',
    access: onProject(param('projectId'), 'edit', editable),
    ...pathParams({ a: ['projectId', idSchema], b: ['docId', documentIdSchema], c: ['type', mockType] }),
    response: mockConfigView,
  }),
};
