/**
 * The checks of the compatibility report (issue 35): each id with its severity and its message in zh and en.
 * Ids are oasdiff's where it has one, so people who know it recognise them.
 *
 * Most checks are one schema rule seen from three places (a request parameter, a request body field, a response
 * field), and whether a change breaks clients depends on the direction: a rule that narrows what is accepted
 * (a maximum lowered, an enum value removed) breaks whoever sends, and one that widens it breaks whoever reads.
 * So the schema checks are built from one table of rules and that principle, not written out three times.
 */
import type { Localised, Severity } from './types';

export interface CheckDef {
  id: string;
  /** Absent: a change that breaks nobody (reported among the changes, hidden by default). */
  severity?: Severity;
  /** `{field}`, `{before}` and `{after}` are filled in. */
  title: Localised;
  /** Why it breaks clients, one line; only findings have one. */
  why?: Localised;
}

export type Direction = 'request' | 'response';

/** The places a schema rule is seen from: the id prefix and what the message calls the field. */
export const SUBJECTS = {
  'request-parameter': { direction: 'request', en: 'Request parameter', zh: '请求参数' },
  'request-property': { direction: 'request', en: 'Request body field', zh: '请求体字段' },
  'response-property': { direction: 'response', en: 'Response field', zh: '响应字段' },
} as const satisfies Record<string, { direction: Direction; en: string; zh: string }>;
export type Subject = keyof typeof SUBJECTS;

/**
 * How a rule moves what a field admits: `narrows` breaks a request (clients send what is now refused), `widens`
 * breaks a response (clients read what they never handled), `both` breaks either, `neither` breaks nobody.
 */
type Effect = 'narrows' | 'widens' | 'both' | 'neither';

interface Rule {
  effect: Effect;
  en: string;
  zh: string;
  /** Severity when it breaks, if not the default (error for a request, warning for a response). */
  request?: Severity;
  response?: Severity;
}

const limit = (name: string, zh: string): Record<string, Rule> => ({
  [`${name}-decreased`]: {
    effect: name.startsWith('min') ? 'widens' : 'narrows',
    en: `{S} {field}: ${name.replace('-', ' ')} lowered from {before} to {after}`,
    zh: `{S} {field}：${zh}由 {before} 降为 {after}`,
  },
  [`${name}-increased`]: {
    effect: name.startsWith('min') ? 'narrows' : 'widens',
    en: `{S} {field}: ${name.replace('-', ' ')} raised from {before} to {after}`,
    zh: `{S} {field}：${zh}由 {before} 升为 {after}`,
  },
  [`${name}-set`]: {
    effect: 'narrows',
    en: `{S} {field}: ${name.replace('-', ' ')} {after} set`,
    zh: `{S} {field}：新设${zh} {after}`,
    request: 'warning',
  },
  [`${name}-unset`]: {
    effect: 'widens',
    en: `{S} {field}: ${name.replace('-', ' ')} {before} removed`,
    zh: `{S} {field}：取消了${zh} {before}`,
  },
});

/** The schema rules, by the id suffix after the subject (`request-property-` + `max-length-decreased`). */
const RULES: Record<string, Rule> = {
  'became-required': { effect: 'narrows', en: '{S} {field} became required', zh: '{S} {field} 变为必填' },
  'became-optional': { effect: 'widens', en: '{S} {field} became optional', zh: '{S} {field} 变为可选', response: 'error' },
  'type-changed': {
    effect: 'both',
    en: '{S} {field} changed type: {before} → {after}',
    zh: '{S} {field} 类型变更：{before} → {after}',
    response: 'error',
  },
  'type-generalized': {
    effect: 'widens',
    en: '{S} {field} now takes any type (was {before})',
    zh: '{S} {field} 变为任意类型（原为 {before}）',
  },
  'enum-value-removed': { effect: 'narrows', en: '{S} {field} lost the enum value {before}', zh: '{S} {field} 删除了枚举值 {before}' },
  'enum-value-added': { effect: 'widens', en: '{S} {field} gained the enum value {after}', zh: '{S} {field} 新增了枚举值 {after}' },
  'became-enum': { effect: 'narrows', en: '{S} {field} now takes only {after}', zh: '{S} {field} 变为枚举，只取 {after}' },
  'became-not-enum': { effect: 'widens', en: '{S} {field} is no longer limited to {before}', zh: '{S} {field} 不再限于枚举值 {before}' },
  'became-nullable': { effect: 'widens', en: '{S} {field} may now be null', zh: '{S} {field} 现在可以为 null', response: 'error' },
  'became-not-nullable': { effect: 'narrows', en: '{S} {field} may no longer be null', zh: '{S} {field} 不再可以为 null' },
  ...limit('max-length', '最大长度'),
  ...limit('min-length', '最小长度'),
  ...limit('max', '最大值'),
  ...limit('min', '最小值'),
  ...limit('max-items', '最多元素数'),
  ...limit('min-items', '最少元素数'),
  'exclusive-max-set': { effect: 'narrows', en: '{S} {field}: the maximum became exclusive', zh: '{S} {field}：最大值变为不含边界' },
  'exclusive-max-unset': { effect: 'widens', en: '{S} {field}: the maximum became inclusive', zh: '{S} {field}：最大值变为包含边界' },
  'exclusive-min-set': { effect: 'narrows', en: '{S} {field}: the minimum became exclusive', zh: '{S} {field}：最小值变为不含边界' },
  'exclusive-min-unset': { effect: 'widens', en: '{S} {field}: the minimum became inclusive', zh: '{S} {field}：最小值变为包含边界' },
  'pattern-added': { effect: 'narrows', en: '{S} {field} must now match {after}', zh: '{S} {field} 新增格式要求 {after}' },
  'pattern-changed': {
    effect: 'both',
    en: '{S} {field}: pattern {before} → {after}',
    zh: '{S} {field}：格式要求 {before} → {after}',
    request: 'warning',
  },
  'pattern-removed': { effect: 'widens', en: '{S} {field} no longer must match {before}', zh: '{S} {field} 取消了格式要求 {before}' },
  'one-of-added': { effect: 'widens', en: '{S} {field} gained a oneOf branch', zh: '{S} {field} 新增了一个 oneOf 分支' },
  'one-of-removed': { effect: 'narrows', en: '{S} {field} lost a oneOf branch', zh: '{S} {field} 删除了一个 oneOf 分支' },
  'any-of-added': { effect: 'widens', en: '{S} {field} gained an anyOf branch', zh: '{S} {field} 新增了一个 anyOf 分支' },
  'any-of-removed': { effect: 'narrows', en: '{S} {field} lost an anyOf branch', zh: '{S} {field} 删除了一个 anyOf 分支' },
  'all-of-added': { effect: 'narrows', en: '{S} {field} gained an allOf part', zh: '{S} {field} 新增了一个 allOf 部分' },
  'all-of-removed': { effect: 'widens', en: '{S} {field} lost an allOf part', zh: '{S} {field} 删除了一个 allOf 部分' },
  'default-value-added': { effect: 'neither', en: '{S} {field}: default {after} added', zh: '{S} {field}：新增默认值 {after}' },
  'default-value-changed': {
    effect: 'neither',
    en: '{S} {field}: default {before} → {after}',
    zh: '{S} {field}：默认值 {before} → {after}',
    request: 'warning',
  },
  'default-value-removed': {
    effect: 'neither',
    en: '{S} {field}: default {before} removed',
    zh: '{S} {field}：删除了默认值 {before}',
    request: 'warning',
  },
  deprecated: { effect: 'neither', en: '{S} {field} was deprecated', zh: '{S} {field} 被标记为废弃', request: 'info', response: 'info' },
  reactivated: { effect: 'neither', en: '{S} {field} is no longer deprecated', zh: '{S} {field} 不再废弃' },
  'description-changed': { effect: 'neither', en: '{S} {field}: description changed', zh: '{S} {field}：说明有变化' },
  'example-changed': { effect: 'neither', en: '{S} {field}: example {before} → {after}', zh: '{S} {field}：示例 {before} → {after}' },
};

/** Why a direction's breaking rule breaks clients. */
const WHY: Record<Direction, Localised> = {
  request: {
    en: 'Requests that clients already send may now be refused.',
    zh: '客户端现有的请求可能因此被拒绝。',
  },
  response: {
    en: 'Clients may now receive values their code does not handle.',
    zh: '客户端可能收到其代码未处理的值。',
  },
};
const WHY_OF: Record<string, Localised> = {
  'became-required': { en: 'Clients that do not send it are now refused.', zh: '不传它的客户端现在会被拒绝。' },
  'became-optional': { en: 'Clients that read it may find it missing.', zh: '读取它的客户端可能拿不到它。' },
  'type-changed': { en: 'Values written for the old type no longer fit.', zh: '按旧类型编写的值不再适用。' },
  'became-nullable': { en: 'Clients that read it may get null and fail.', zh: '读取它的客户端可能拿到 null 而出错。' },
  'default-value-changed': { en: 'Clients that omit it now get a different behaviour.', zh: '不传它的客户端会得到不同的行为。' },
  'default-value-removed': {
    en: 'Clients that omit it no longer get the value they relied on.',
    zh: '不传它的客户端不再得到原先依赖的值。',
  },
  deprecated: { en: 'It still works, but clients should move off it.', zh: '它仍可用，但客户端应尽快停用。' },
};

function severityOf(rule: Rule, direction: Direction): Severity | undefined {
  if (rule[direction]) return rule[direction];
  const breaks = rule.effect === 'both' || (direction === 'request' ? rule.effect === 'narrows' : rule.effect === 'widens');
  if (!breaks) return undefined;
  return direction === 'request' ? 'error' : 'warning';
}

const fill = (template: string, subject: string) => template.replace('{S}', subject);

function schemaChecks(): CheckDef[] {
  const out: CheckDef[] = [];
  for (const [prefix, subject] of Object.entries(SUBJECTS))
    for (const [suffix, rule] of Object.entries(RULES)) {
      const severity = severityOf(rule, subject.direction);
      out.push({
        id: `${prefix}-${suffix}`,
        ...(severity ? { severity, why: WHY_OF[suffix] ?? WHY[subject.direction] } : {}),
        title: { en: fill(rule.en, subject.en), zh: fill(rule.zh, subject.zh) },
      });
    }
  return out;
}

const check = (id: string, severity: Severity | undefined, en: string, zh: string, why?: [string, string]): CheckDef => ({
  id,
  ...(severity ? { severity } : {}),
  title: { en, zh },
  ...(why ? { why: { en: why[0], zh: why[1] } } : {}),
});

/** The checks about operations, whole parameters, bodies, responses and security. */
const OTHER_CHECKS: CheckDef[] = [
  check('api-removed-without-deprecation', 'error', 'Operation {field} was removed', '接口 {field} 被删除', [
    'Clients that call it now get an error.',
    '调用它的客户端现在会得到错误。',
  ]),
  check('api-removed-with-deprecation', 'info', 'Deprecated operation {field} was removed', '已废弃的接口 {field} 被删除', [
    'Clients were told to move off it; those that did not now get an error.',
    '客户端已被告知停用；仍在调用的会得到错误。',
  ]),
  check('api-moved', 'error', 'Operation moved: {before} → {after}', '接口地址变更：{before} → {after}', [
    'Clients still call the old method and path.',
    '客户端仍在调用旧的方法和路径。',
  ]),
  check('endpoint-added', undefined, 'Operation {field} was added', '新增接口 {field}'),
  check('endpoint-deprecated', 'info', 'Operation {field} was deprecated', '接口 {field} 被标记为废弃', [
    'It still works, but clients should move off it.',
    '它仍可用，但客户端应尽快停用。',
  ]),
  check('endpoint-reactivated', 'info', 'Operation {field} is no longer deprecated', '接口 {field} 不再废弃', [
    'Clients that moved off it may come back.',
    '已停用它的客户端可以恢复使用。',
  ]),
  check('api-operation-id-removed', 'warning', 'Operation id {before} changed to {after}', '接口的 operationId 由 {before} 改为 {after}', [
    'Generated clients name their methods after it.',
    '生成的客户端代码以它命名方法。',
  ]),
  check('api-tag-removed', undefined, 'Tag {before} removed', '删除了标签 {before}'),
  check('api-tag-added', undefined, 'Tag {after} added', '新增了标签 {after}'),
  check('api-description-changed', undefined, 'Operation description changed', '接口说明有变化'),
  check('api-examples-changed', undefined, 'Examples changed at {field}', '{field} 的示例有变化'),
  check('api-renamed', undefined, 'Document renamed: {before} → {after}', '文档改名：{before} → {after}'),
  check('api-folder-changed', undefined, 'Document moved to folder {after}', '文档移到了目录 {after}'),
  check('api-security-added', 'error', 'The operation now requires {after}', '接口现在要求认证 {after}', [
    'Clients without these credentials are refused.',
    '没有这些凭证的客户端会被拒绝。',
  ]),
  check('api-security-scope-added', 'error', 'The operation now requires the scope {after}', '接口现在要求权限范围 {after}', [
    'Tokens issued without this scope are refused.',
    '没有该权限范围的令牌会被拒绝。',
  ]),
  check('api-security-removed', undefined, 'The operation no longer requires {before}', '接口不再要求认证 {before}'),
  check('api-security-scope-removed', undefined, 'The operation no longer requires the scope {before}', '接口不再要求权限范围 {before}'),
  check('api-schema-removed', 'info', 'Data model {field} was removed', '数据模型 {field} 被删除', [
    'Clients generated from it lose the type.',
    '据此生成的客户端代码会失去该类型。',
  ]),
  check('api-schema-added', undefined, 'Data model {field} was added', '新增数据模型 {field}'),

  check('request-parameter-removed', 'warning', 'Request parameter {field} was removed', '请求参数 {field} 被删除', [
    'Clients still send it; the server ignores it, or refuses it.',
    '客户端仍会发送它，服务端会忽略或拒绝。',
  ]),
  check('new-required-request-parameter', 'error', 'New required request parameter {field}', '新增必填请求参数 {field}', [
    'Clients that do not send it are refused.',
    '不传它的客户端会被拒绝。',
  ]),
  check('new-request-path-parameter', 'error', 'New path parameter {field}', '新增路径参数 {field}', [
    'The URL clients call no longer matches.',
    '客户端调用的 URL 不再匹配。',
  ]),
  check('new-optional-request-parameter', undefined, 'New optional request parameter {field}', '新增可选请求参数 {field}'),
  check(
    'new-required-request-parameter-with-default',
    undefined,
    'New required request parameter {field} with a default',
    '新增带默认值的必填请求参数 {field}',
  ),
  check('request-property-removed', 'warning', 'Request body field {field} was removed', '请求体字段 {field} 被删除', [
    'Clients still send it; the server ignores it, or refuses it.',
    '客户端仍会发送它，服务端会忽略或拒绝。',
  ]),
  check('new-required-request-property', 'error', 'New required request body field {field}', '新增必填请求体字段 {field}', [
    'Clients that do not send it are refused.',
    '不传它的客户端会被拒绝。',
  ]),
  check(
    'new-required-request-property-with-default',
    undefined,
    'New required request body field {field} with a default',
    '新增带默认值的必填请求体字段 {field}',
  ),
  check('new-optional-request-property', undefined, 'New optional request body field {field}', '新增可选请求体字段 {field}'),
  check(
    'request-body-media-type-removed',
    'error',
    'The request body is no longer accepted as {before} (now {after})',
    '请求体不再接受 {before}（现为 {after}）',
    ['Clients still send the old content type.', '客户端仍按旧的内容类型发送。'],
  ),
  check('request-body-added-required', 'error', 'The request now needs a body ({after})', '请求现在需要请求体（{after}）', [
    'Clients that send no body are refused.',
    '不发送请求体的客户端会被拒绝。',
  ]),
  check('request-body-added-optional', undefined, 'An optional request body was added ({after})', '新增可选请求体（{after}）'),
  check('request-body-removed', 'warning', 'The request body ({before}) was removed', '请求体（{before}）被删除', [
    'Clients still send it; the server ignores it, or refuses it.',
    '客户端仍会发送它，服务端会忽略或拒绝。',
  ]),

  check('response-required-property-removed', 'error', 'Response field {field} was removed', '响应字段 {field} 被删除', [
    'Clients that read it find nothing there.',
    '读取它的客户端拿不到它。',
  ]),
  check('response-optional-property-removed', 'warning', 'Optional response field {field} was removed', '可选响应字段 {field} 被删除', [
    'Clients that read it never find it again.',
    '读取它的客户端再也拿不到它。',
  ]),
  check('response-required-property-added', undefined, 'Response field {field} was added', '新增响应字段 {field}'),
  check('response-optional-property-added', undefined, 'Optional response field {field} was added', '新增可选响应字段 {field}'),
  check('response-success-status-removed', 'error', 'Success response {field} was removed', '成功响应 {field} 被删除', [
    'Clients that expect it get another status.',
    '期待该状态码的客户端会得到别的状态码。',
  ]),
  check('response-non-success-status-removed', 'warning', 'Response {field} was removed', '响应 {field} 被删除', [
    'Clients that handle it meet another status.',
    '处理该状态码的客户端会遇到别的状态码。',
  ]),
  check('response-success-status-added', undefined, 'Success response {field} was added', '新增成功响应 {field}'),
  check('response-non-success-status-added', undefined, 'Response {field} was added', '新增响应 {field}'),
  check(
    'response-media-type-removed',
    'error',
    'Response {field} is no longer {before} (now {after})',
    '响应 {field} 不再是 {before}（现为 {after}）',
    ['Clients parse the body as the old content type.', '客户端按旧的内容类型解析响应体。'],
  ),
  check('response-description-changed', undefined, 'Response {field}: description changed', '响应 {field}：说明有变化'),
  check('required-response-header-removed', 'error', 'Response header {field} was removed', '响应头 {field} 被删除', [
    'Clients that read it find nothing there.',
    '读取它的客户端拿不到它。',
  ]),
  check('optional-response-header-removed', 'warning', 'Optional response header {field} was removed', '可选响应头 {field} 被删除', [
    'Clients that read it never find it again.',
    '读取它的客户端再也拿不到它。',
  ]),
  check('response-header-added', undefined, 'Response header {field} was added', '新增响应头 {field}'),
  check(
    'response-header-type-changed',
    'error',
    'Response header {field} changed type: {before} → {after}',
    '响应头 {field} 类型变更：{before} → {after}',
    ['Clients parse it as the old type.', '客户端按旧类型解析它。'],
  ),
  check('response-header-became-optional', 'error', 'Response header {field} became optional', '响应头 {field} 变为可选', [
    'Clients that read it may find it missing.',
    '读取它的客户端可能拿不到它。',
  ]),
];

export const CHECKS: ReadonlyMap<string, CheckDef> = new Map([...schemaChecks(), ...OTHER_CHECKS].map((c) => [c.id, c]));

/** The checks that can fail a report (those with a severity): what a policy may change. */
export const BREAKING_CHECKS = [...CHECKS.values()].filter((c) => c.severity);
