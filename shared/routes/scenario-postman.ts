/**
 * Postman collections and test scenarios (issue 36): an editor imports a collection (v2.0/v2.1) as a new scenario;
 * whoever reads the project exports a scenario as a collection. Both answer what the conversion could not carry.
 */
import { postmanExported, postmanImportBody, postmanImported } from '../schemas/scenario-postman';
import { scenarioIdParams } from '../schemas/scenario';
import { body, documentParam, onProject, route } from './define';

export const scenarioPostmanRoutes = {
  'scenario.importPostman': route({
    method: 'PUT',
    path: '/project/scenario/postman',
    service: 'scenario',
    access: onProject(body('projectId'), 'edit', { states: ['active'] }),
    body: postmanImportBody,
    response: postmanImported,
  }),
  /** `id`: the scenario. A step on an API document is written as the request it makes today. */
  'scenario.exportPostman': route({
    method: 'GET',
    path: '/project/scenario/postman/{id}',
    service: 'scenario',
    access: onProject(documentParam('id'), 'view', { publicRead: true }),
    params: scenarioIdParams,
    response: postmanExported,
  }),
} as const;
