/**
 * Messages that both the API and the web app show: error texts and validation texts. i18next syntax
 * (`{{name}}`), so the web merges these into its resources and the functions interpolate them the same way.
 */
import { DEFAULT_LOCALE, LIMITS, LOCALES, type Locale } from './constants';
import type { ErrorKey } from './errors';

export { DEFAULT_LOCALE, LOCALES, type Locale };

type ErrorMessages = Record<ErrorKey, string>;

const zhErrors: ErrorMessages = {
  notLoggedIn: '未登录，请先登录',
  sessionExpired: '登录已过期，请重新登录',
  badCredentials: '账号或密码错误',
  stepUpRequired: '该账号近期登录失败次数过多，请输入发送到该邮箱或手机号的验证码',
  forbidden: '没有权限执行此操作',
  registrationDisabled: '离线部署不开放注册',
  addressChangeDisabled: '离线部署不支持修改邮箱或手机号',
  tooManyRequests: '操作过于频繁，请 {{seconds}} 秒后再试',
  notFound: '内容不存在或已被删除',
  routeNotFound: '接口不存在：{{method}} {{path}}',
  conflict: '数据已存在或已被修改',
  accountExists: '该账号已注册',
  staleRevision: '内容已被 {{editor}} 修改，请刷新后再保存',
  invalidInput: '参数错误',
  malformedBody: '请求体格式错误',
  badVerificationCode: '验证码错误或已过期',
  wrongOldPassword: '原密码错误',
  sharePassword: '请输入正确的访问密码',
  alreadyOwner: '该成员已是项目所有者',
  memberRequired: '请选择项目成员',
  folderCycle: '不能移动到自身或其子文件夹中',
  wrongState: '项目当前状态不允许此操作',
  creatorCannotQuit: '项目创建者不能退出项目，请先转让项目',
  imageTooLarge: '图片大小超过500KB',
  attachmentTooLarge: '附件大小不能超过10M',
  fileTypeRefused: '图片只能是 PNG、JPEG、GIF 或 WebP 格式',
  uploadMissing: '文件未上传完整，请重新上传',
  retentionExpired: '项目已在回收站中超过 30 天，无法再恢复',
  documentBinned: '该文档已在项目的回收站中',
  crossSiteRequest: '拒绝来自其他站点的请求',
  contentTooLarge: '文档内容不能超过 2MB',
  ownerRoleFixed: '团队所有者的角色只能通过转让团队改变',
  creatorRoleFixed: '项目创建者的角色不可修改',
  userNotVisible: '只能添加你所在团队的成员',
  ownerCannotQuit: '团队所有者不能退出团队，请先转让团队',
  notTeamMember: '该用户不是团队成员',
  notTeamProject: '只有团队项目才能绑定用户组',
  invitationInvalid: '邀请链接无效或已过期',
  notDirectMember: '你是通过团队或用户组访问此项目的，不能单独退出',
  shareExpired: '分享链接已过期',
  releaseNotFound: '该版本不存在',
  versionExists: '版本号已存在',
  releaseReadOnly: '历史版本只读，不能修改',
  tooManyGuesses: '尝试次数过多，请 {{seconds}} 秒后再试',
  unsupportedContentType: '请求内容类型不受支持',
  notApiDocument: '只有 HTTP 接口文档可以设置 Mock',
  variableDuplicated: '变量名重复，请重新命名',
  tooMany: '最多 {{max}} 个',
  importInvalidType:
    '文件类型无效，请选择正确的文件（OpenAPI/Swagger、Postman、HAR、YApi、RAP2、ShowDoc、MJSON、cURL 或 Apiloom 项目文件）',
  importTooLarge: '导入的文件不能超过 {{mb}} MB',
  importTooDeep: '文件嵌套过深：参数最多嵌套 {{depth}} 层',
  importTooManyNodes: '文件展开后过大（超过 {{nodes}} 个节点），可能是 YAML 别名炸弹',
  importUrlRefused: '只能从公网地址导入（{{detail}}）',
  importUrlFailed: '无法读取该地址（{{detail}}）',
  importFailed: '导入失败，项目未改动，请稍后重试',
  exportNotAllowed: '此分享不允许导出',
  exportExpired: '导出的文件已过期（保留一天），请重新导出',
  exportFailed: '导出失败，请稍后重试',
  mockNoMatch: '没有与 {{method}} {{path}} 匹配的接口',
  mockMethodNotAllowed: '该路径的接口不支持 {{method}}，支持：{{allow}}',
  mockOff: '该接口或项目的 Mock 未开启',
  mockTokenRequired: '此项目的 Mock 需要令牌（查询参数 mockToken 或请求头 X-Mock-Token）',
  mockThrottled: '请求过于频繁，请 {{seconds}} 秒后再试',
  mockFailed: 'Mock 出错：{{detail}}',
  serviceBusy: '服务繁忙，请稍后重试',
  system: '系统错误',
};

const enErrors: ErrorMessages = {
  notLoggedIn: 'You are not signed in',
  sessionExpired: 'Your session has expired, please sign in again',
  badCredentials: 'Wrong account or password',
  stepUpRequired: 'This account has had many failed sign-ins: enter the code sent to its email or phone',
  forbidden: 'You do not have permission to do this',
  registrationDisabled: 'Registration is disabled in an offline deployment',
  addressChangeDisabled: 'Changing the email or phone is disabled in an offline deployment',
  tooManyRequests: 'Too many attempts, try again in {{seconds}} seconds',
  notFound: 'Not found or already deleted',
  routeNotFound: 'No such API: {{method}} {{path}}',
  conflict: 'Already exists or was changed meanwhile',
  accountExists: 'This account is already registered',
  staleRevision: '{{editor}} saved this in the meantime; reload before saving',
  invalidInput: 'Invalid input',
  malformedBody: 'The request body is malformed',
  badVerificationCode: 'The verification code is wrong or has expired',
  wrongOldPassword: 'The old password is wrong',
  sharePassword: 'Enter the correct access password',
  alreadyOwner: 'That member already owns this project',
  memberRequired: 'Choose a member of the project',
  folderCycle: 'A folder cannot move into itself or one of its subfolders',
  wrongState: 'The project is not in a state that allows this',
  creatorCannotQuit: 'The creator cannot quit; transfer the project first',
  imageTooLarge: 'image size exceeds 500KB',
  attachmentTooLarge: 'Attachments are at most 10M',
  fileTypeRefused: 'Images must be PNG, JPEG, GIF or WebP',
  uploadMissing: 'The file did not finish uploading; upload it again',
  retentionExpired: 'The project has been in the recycle bin for over 30 days and can no longer be restored',
  documentBinned: 'This document is in the project’s recycle bin',
  crossSiteRequest: 'Requests from other sites are refused',
  contentTooLarge: 'A document’s content is at most 2MB',
  ownerRoleFixed: 'The owner’s role changes only by handing the team over',
  creatorRoleFixed: 'The creator’s role cannot be changed',
  userNotVisible: 'You can only add members of your teams',
  ownerCannotQuit: 'The owner cannot leave the team; hand it over first',
  notTeamMember: 'That user is not a member of the team',
  notTeamProject: 'Only team projects can have user groups',
  invitationInvalid: 'The invitation is invalid or has expired',
  notDirectMember: 'You reach this project through your team or group, so you cannot leave it on your own',
  shareExpired: 'This share link has expired',
  releaseNotFound: 'There is no such version',
  versionExists: 'That version number is taken',
  releaseReadOnly: 'A released version is read only',
  tooManyGuesses: 'Too many attempts, try again in {{seconds}} seconds',
  unsupportedContentType: 'Unsupported content type',
  notApiDocument: 'Only HTTP API documents have a mock',
  variableDuplicated: 'variable name duplicated, please rename',
  tooMany: 'At most {{max}}',
  importInvalidType:
    'Invalid type: choose a correct file (OpenAPI/Swagger, Postman, HAR, YApi, RAP2, ShowDoc, MJSON, cURL or an Apiloom project file)',
  importTooLarge: 'An imported file is at most {{mb}} MB',
  importTooDeep: 'The file nests too deep: parameters nest at most {{depth}} levels',
  importTooManyNodes: 'The file expands too large (over {{nodes}} nodes): it may be a YAML alias bomb',
  importUrlRefused: 'Only public addresses can be imported from ({{detail}})',
  importUrlFailed: 'Could not read the address ({{detail}})',
  importFailed: 'Import failed; the project is unchanged. Try again later',
  exportNotAllowed: 'This share does not allow exporting',
  exportExpired: 'The exported file has expired (files are kept a day); export again',
  exportFailed: 'Export failed, try again later',
  mockNoMatch: 'No API matches {{method}} {{path}}',
  mockMethodNotAllowed: 'The API at this path does not take {{method}}; it takes {{allow}}',
  mockOff: 'The mock of this API or project is off',
  mockTokenRequired: 'The mocks of this project need a token (query parameter mockToken or header X-Mock-Token)',
  mockThrottled: 'Too many requests, try again in {{seconds}} seconds',
  mockFailed: 'Mock error: {{detail}}',
  serviceBusy: 'The service is busy, please try again',
  system: 'System error',
};

/** Validation texts referenced by the zod schemas as `error: 'v.<key>'`. */
const zhValidation = {
  required: '必填',
  account: '请输入正确的邮箱或手机号',
  phone: '请输入正确的手机号',
  email: '邮箱格式不正确',
  nickname: `昵称长度 1-${LIMITS.nickname} 个字符`,
  password: `密码长度 ${LIMITS.passwordMin}-${LIMITS.passwordMax} 个字符，需同时包含字母和数字`,
  passwordMismatch: '两次输入的密码不一致',
  code: '验证码为 6 位数字',
  url: '请输入以 http 或 https 开头的地址',
  folderName: `文件夹名称最多 ${LIMITS.folderName} 个字符`,
  projectName: `项目名称 1-${LIMITS.projectName} 个字符`,
  documentTitle: '文档标题格式错误，长度 1-30',
  description: `描述最多 ${LIMITS.projectDescription} 个字符`,
  keyword: `关键字最多 ${LIMITS.projectName} 个字符`,
  id: '编号格式不正确',
  apiPath: '请填写接口路径',
  apiDescription: '请填写接口描述',
  fileName: '文件名长度 1-255 个字符',
  fileEmpty: '请选择文件',
  plainText: '不能包含控制字符或无效字符',
  bidiText: '不能包含改变文字方向的控制字符',
  invisibleName: '不能只由空白或不可见字符组成',
  teamName: `团队名称 1-${LIMITS.teamName} 个字符`,
  groupName: `用户组名称必填，最多 ${LIMITS.userGroupName} 个字符`,
  inviteCode: '邀请码格式不正确',
  releaseVersion: '版本号为 1-32 个字母、数字、点、横线或下划线',
  shareName: `分享名称必填，最多 ${LIMITS.shareName} 个字符`,
  shareExpiry: '请选择一个未来的过期时间',
  paramDepth: `参数最多嵌套 ${LIMITS.paramDepth} 层`,
  mockToken: 'Mock 令牌为 8-64 个字母、数字、横线或下划线',
  mockJson: 'JSON数据格式错误',
  mockTemplate: 'mock格式错误',
  mockRegex: '正则表达式无效（支持 RE2 语法，不支持断言和反向引用）',
  mockHeaderName: "响应头名称只能包含字母、数字和 !#$%&'*+-.^_`|~",
  mockHeaderValue: '响应头的值不能包含换行，最多 8192 个字符',
  mockHeaders: '响应头最多 50 个',
  mockStatus: '状态码为 200-599 的整数',
  mockDelay: '延迟为 0-10000 毫秒',
  mockBodySize: '内容最多 256 KB',
  mockConditions: '每个期望最多 20 个条件',
  mockExpectations: '期望最多 50 个',
  responseStatus: '状态码为 100-599、1XX-5XX 或 default',
  responseStatusTwice: '同一个状态码只能有一个响应',
  modelName: '模型名称 1-200 个字符',
  embedOwnOrigin: '不能嵌入本站自己的页面（网站、接口、文件或 Mock 地址）',
  varName: '1-64 个字符，无空白和花括号',
  globalParams: '应为 JSON：req、resp 的参数列表，每行有 name',
  exportFormat: '请选择导出格式',
};
type ValidationMessages = Record<keyof typeof zhValidation, string>;
const enValidation: ValidationMessages = {
  required: 'Required',
  account: 'Enter a valid email address or phone number',
  phone: 'Enter a valid phone number',
  email: 'Enter a valid email address',
  nickname: `Nickname must be 1-${LIMITS.nickname} characters`,
  password: `Password must be ${LIMITS.passwordMin}-${LIMITS.passwordMax} characters with letters and digits`,
  passwordMismatch: 'The passwords do not match',
  code: 'The verification code is 6 digits',
  url: 'Enter an address starting with http or https',
  folderName: `Folder name is at most ${LIMITS.folderName} characters`,
  projectName: `Project name must be 1-${LIMITS.projectName} characters`,
  documentTitle: 'Document title malformed, 1-30 length',
  description: `Description is at most ${LIMITS.projectDescription} characters`,
  keyword: `Keyword is at most ${LIMITS.projectName} characters`,
  id: 'Malformed id',
  apiPath: 'Enter the API path',
  apiDescription: 'Enter a description of the API',
  fileName: 'File names are 1-255 characters',
  fileEmpty: 'Choose a file',
  plainText: 'Must not contain control characters or invalid characters',
  bidiText: 'Must not contain text-direction control characters',
  invisibleName: 'Must not be made only of blank or invisible characters',
  teamName: `Team name must be 1-${LIMITS.teamName} characters`,
  groupName: `A group name is required, at most ${LIMITS.userGroupName} characters`,
  inviteCode: 'Malformed invitation code',
  releaseVersion: 'A version is 1-32 letters, digits, dots, dashes or underscores',
  shareName: `A share name is required, at most ${LIMITS.shareName} characters`,
  shareExpiry: 'Choose an expiry time in the future',
  paramDepth: `Parameters nest at most ${LIMITS.paramDepth} levels`,
  mockToken: 'A mock token is 8-64 letters, digits, dashes or underscores',
  mockJson: 'JSON data format is wrong',
  mockTemplate: 'mock format error',
  mockRegex: 'Invalid regular expression (RE2 syntax: no lookaround or backreferences)',
  mockHeaderName: "Header names are letters, digits and !#$%&'*+-.^_`|~",
  mockHeaderValue: 'Header values have no line breaks and at most 8192 characters',
  mockHeaders: 'At most 50 headers',
  mockStatus: 'Status codes are whole numbers from 200 to 599',
  mockDelay: 'Delay is 0-10000 ms',
  mockBodySize: 'At most 256 KB',
  mockConditions: 'At most 20 conditions per expectation',
  mockExpectations: 'At most 50 expectations',
  responseStatus: 'A status is 100-599, 1XX-5XX or default',
  responseStatusTwice: 'Each status code has one response',
  modelName: 'A model name is 1-200 characters',
  embedOwnOrigin: 'Pages of this site itself (its web, API, files or mock addresses) cannot be embedded',
  varName: '1-64 characters, no spaces or braces',
  globalParams: 'Expected JSON: req and resp lists of rows with names',
  exportFormat: 'Choose an export format',
};

type ValidationKey = keyof typeof zhValidation;

/** Texts the API writes into data (history comments). */
const zhText = {
  restoredComment: '恢复到版本 {{rev}}',
  copySuffix: ' 副本',
  accountExistsNotice: '有人尝试用此地址注册 Apiloom，但该地址已有账号。如果是你本人，请直接登录或找回密码；否则可忽略本消息。',
  addressTakenNotice: '有人想把此地址绑到另一个账号，未发验证码。非本人操作可忽略。',
  emailChangedNotice: '你的账号邮箱已改为 {{email}}，非本人操作请立即找回密码。',
};
const enText: typeof zhText = {
  restoredComment: 'Restored version {{rev}}',
  copySuffix: ' copy',
  accountExistsNotice:
    'Someone tried to register an Apiloom account with this address, which already has one. If it was you, sign in or reset your password; otherwise ignore this message.',
  addressTakenNotice: 'Someone tried to add this address to another account; no code was sent.',
  emailChangedNotice: 'Your account email is now {{email}}; if not you, reset your password.',
};

export const messages = {
  zh: { error: zhErrors, v: zhValidation, text: zhText },
  en: { error: enErrors, v: enValidation, text: enText },
} as const satisfies Record<Locale, { error: ErrorMessages; v: ValidationMessages; text: typeof zhText }>;

/** `v.password` style keys, used as zod issue messages and resolved per request or per UI language. */
export const vKey = (key: ValidationKey) => `v.${key}` as const;

export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    const base = tag.split('-')[0];
    if (base === 'zh' || base === 'en') return base;
  }
  return DEFAULT_LOCALE;
}

/** Looks up `error.x` or `v.x` and fills `{{params}}`; unknown keys come back unchanged (plain zod texts). */
export function translate(locale: Locale, key: string, params: Record<string, string | number | undefined> = {}): string {
  const [group, name] = key.split('.', 2) as [string, string | undefined];
  const table = (messages[locale] as Record<string, Record<string, string>>)[group];
  const template = name !== undefined ? table?.[name] : undefined;
  if (template === undefined) return key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, p: string) => String(params[p] ?? ''));
}
