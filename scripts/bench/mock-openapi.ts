/**
 * The one OpenAPI file the mock bench serves from both mock servers: the mock origin (imported into a project) and
 * Prism. `GET /people/{id}` has an example on every field, so both answer it from examples (the same bytes as the
 * bare node:http server's STATIC_BODY); `GET /people` has none, so both generate values from the schema: five
 * people, each with an integer id, a name, an email, a role from an enum, a date-time and tags.
 */
export const STATIC_BODY = JSON.stringify({ id: 1, name: 'Ada', email: 'ada@example.com', roles: ['admin', 'dev'] });

export const MOCK_BENCH_PATHS = { fromExamples: '/people/7', generated: '/people' } as const;

export const MOCK_BENCH_OPENAPI = {
  openapi: '3.0.3',
  info: { title: 'Mock bench', version: '1.0.0' },
  paths: {
    '/people/{id}': {
      get: {
        operationId: 'getPerson',
        summary: 'One person',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'The person, from the examples',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'name', 'email', 'roles'],
                  properties: {
                    id: { type: 'integer', example: 1 },
                    name: { type: 'string', example: 'Ada' },
                    email: { type: 'string', format: 'email', example: 'ada@example.com' },
                    roles: { type: 'array', items: { type: 'string' }, example: ['admin', 'dev'] },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/people': {
      get: {
        operationId: 'listPeople',
        summary: 'Five people',
        responses: {
          '200': {
            description: 'People generated from the schema',
            content: {
              'application/json': {
                schema: { type: 'array', minItems: 5, maxItems: 5, items: { $ref: '#/components/schemas/Person' } },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Person: {
        type: 'object',
        required: ['id', 'name', 'email', 'role', 'createdAt', 'tags'],
        properties: {
          id: { type: 'integer', format: 'int64', minimum: 1 },
          name: { type: 'string' },
          email: { type: 'string', format: 'email' },
          role: { type: 'string', enum: ['admin', 'dev', 'viewer'] },
          createdAt: { type: 'string', format: 'date-time' },
          tags: { type: 'array', minItems: 1, maxItems: 3, items: { type: 'string' } },
        },
      },
    },
  },
} as const;
