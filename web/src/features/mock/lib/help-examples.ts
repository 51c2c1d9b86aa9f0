/**
 * The examples the mock help shows. test/integration/mock.test.ts runs each through the mock engine, so the help
 * never shows a placeholder that is not resolved or a script that does not run.
 */
export const TEMPLATE_EXAMPLE = `{
  "code": 0,
  "data|5-10": [{
    "id|+1": 1,
    "name": "@cname",
    "email": "@email",
    "age|18-60": 1,
    "score|1-100.1-2": 1,
    "vip|1": true,
    "city": "@city(true)",
    "createdAt": "@datetime",
    "tags|1-3": ["@cword(2)"],
    "status|1": ["active", "locked"]
  }]
}`;

export const RULES: { rule: string; meaning: 'ruleRange' | 'ruleCount' | 'ruleStep' | 'ruleFloat' }[] = [
  { rule: '"name|min-max": value', meaning: 'ruleRange' },
  { rule: '"name|count": value', meaning: 'ruleCount' },
  { rule: '"name|+step": value', meaning: 'ruleStep' },
  { rule: '"name|min-max.dmin-dmax": 1', meaning: 'ruleFloat' },
];

/** The placeholders the mock origin resolves (functions/mock/mockjs-hardened.ts, RANDOM_METHODS), by group. */
export const PLACEHOLDERS = {
  basic: ['@boolean', '@natural(1, 100)', '@integer(-10, 10)', '@float(0, 100, 1, 2)', '@character', '@string(5, 10)', '@range(1, 10)'],
  date: ['@date', '@date("yyyy-MM-dd")', '@time', '@datetime', '@now'],
  text: ['@word', '@cword(2, 4)', '@title', '@ctitle', '@sentence', '@csentence', '@paragraph', '@cparagraph'],
  name: ['@first', '@last', '@name', '@cfirst', '@clast', '@cname'],
  web: ['@url', '@protocol', '@domain', '@tld', '@email', '@ip', '@image("200x100")', '@color', '@hex', '@rgb', '@rgba', '@hsl'],
  address: ['@region', '@province', '@city', '@city(true)', '@county', '@county(true)', '@zip'],
  misc: [
    '@guid',
    '@uuid',
    '@id',
    '@increment',
    '@pick(["a", "b", "c"])',
    '@shuffle([1, 2, 3])',
    '@capitalize("word")',
    '@upper("word")',
    '@lower("WORD")',
    '@d6',
  ],
} as const;

export const SCRIPT_ECHO = `return {
  status: 200,
  body: {
    method: request.method,
    path: request.path,
    params: request.params,
    query: request.query,
    body: request.body,
  },
};`;

export const SCRIPT_BY_ID = `const id = Number(request.params.id);
if (!Number.isInteger(id) || id <= 0) {
  return { status: 404, body: { code: 404, message: 'not found' } };
}
return {
  headers: { 'X-Mock': 'script' },
  body: { id, name: Mock.Random.cname(), email: faker.internet.email() },
};`;

export const SCRIPT_LIST = `const page = Number(request.query.page ?? 1);
const size = Math.min(Number(request.query.size ?? 10), 50);
const list = Mock.mock({ [\`items|\${size}\`]: [{ 'id|+1': (page - 1) * size + 1, title: '@ctitle' }] }).items;
return {
  body: {
    page,
    size,
    total: 200,
    items: list.map((item) => ({ ...item, author: faker.person.fullName() })),
  },
};`;
