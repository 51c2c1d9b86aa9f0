/**
 * What a channel says of an event: a short message (one screen) in the channel's language, with who did what,
 * the counts, the changed fields and a deep link. Providers wrap it in their own markdown or card (providers.ts).
 * A channel set to `names` says who and what by name only: no paths, fields or counts of parameters.
 */
import { detailsOf, type EventKind, type ProjectEvent } from '@shared/schemas/events';

export type Language = 'zh' | 'en';

export interface Message {
  title: string;
  /** Markdown lines, short; the first says who did what. */
  lines: string[];
  link?: string;
}

const KIND_TEXT: Record<EventKind, Record<Language, string>> = {
  'document.created': { zh: '新建了文档', en: 'created' },
  'document.updated': { zh: '修改了文档', en: 'updated' },
  'document.deleted': { zh: '删除了文档', en: 'deleted' },
  'document.moved': { zh: '移动了文档', en: 'moved' },
  'document.restored': { zh: '恢复了文档', en: 'restored' },
  'model.changed': { zh: '修改了数据模型', en: 'changed the model' },
  'import.finished': { zh: '完成了导入', en: 'finished an import' },
  'release.published': { zh: '发布了版本', en: 'published a release' },
  'share.created': { zh: '创建了分享', en: 'created a share' },
  'member.added': { zh: '添加了成员', en: 'added a member' },
  'member.removed': { zh: '移除了成员', en: 'removed a member' },
  'comment.added': { zh: '发表了评论', en: 'commented on' },
  mention: { zh: '提到了你', en: 'mentioned you in' },
  'scenario.run.finished': { zh: '运行了测试场景', en: 'ran the test scenario' },
};

const WORDS = {
  zh: {
    someone: '有人',
    changed: '改动',
    params: (a: number, r: number, c: number) => `参数：新增 ${a}，删除 ${r}，修改 ${c}`,
    saves: (n: number) => `（${n} 次保存）`,
    followUp: (n: number) => `首条消息之后还有修改：共 ${n} 次保存`,
    import: (c: number, u: number, d: number) => `新增 ${c}，更新 ${u}，删除 ${d}`,
    breaking: (n: number) => `破坏性变更 ${n} 项`,
    comparedWith: (version: string) => `（与 ${version} 相比）`,
    count: (n: number) => `共 ${n} 个文档`,
    usedBy: (n: number) => `被 ${n} 个接口使用`,
    more: (n: number) => `等 ${n} 个`,
    listSep: '、',
    colon: '：',
    scenario: (p: number, f: number) => `步骤通过 ${p}，失败 ${f}`,
    status: { passed: '通过', failed: '未通过' },
    open: '查看',
    test: '这是一条来自 Apiloom 的测试消息。',
    testTitle: 'Apiloom 测试消息',
  },
  en: {
    someone: 'Someone',
    changed: 'Changed',
    params: (a: number, r: number, c: number) => `Parameters: ${a} added, ${r} removed, ${c} changed`,
    saves: (n: number) => ` (${n} saves)`,
    followUp: (n: number) => `More changes since the first message: ${n} saves in all`,
    import: (c: number, u: number, d: number) => `${c} created, ${u} updated, ${d} deleted`,
    breaking: (n: number) => `breaking: ${n}`,
    comparedWith: (version: string) => ` (against ${version})`,
    count: (n: number) => `${n} documents`,
    usedBy: (n: number) => `Used by ${n} operation${n === 1 ? '' : 's'}`,
    more: (n: number) => `and ${n} more`,
    listSep: ', ',
    colon: ': ',
    scenario: (p: number, f: number) => `steps ${p} passed, ${f} failed`,
    status: { passed: 'Passed', failed: 'Failed' },
    open: 'Open',
    test: 'This is a test message from Apiloom.',
    testTitle: 'Apiloom test message',
  },
} as const;

const FIELD_TEXT: Record<string, Record<Language, string>> = {
  name: { zh: '名称', en: 'name' },
  method: { zh: '方法', en: 'method' },
  path: { zh: '路径', en: 'path' },
  parameters: { zh: '参数', en: 'parameters' },
  request: { zh: '请求', en: 'request' },
  responses: { zh: '响应', en: 'responses' },
  description: { zh: '说明', en: 'description' },
  content: { zh: '内容', en: 'content' },
};

/** Markdown that a user typed (a name) must not turn into links or markup in a chat. */
const plain = (text: string) => text.replace(/[\\`*_[\]()<>#|~]/g, (c) => `\\${c}`).slice(0, 200);

export interface MessageOptions {
  language: Language;
  detail: 'details' | 'names';
  projectName: string;
  /** The site's origin for deep links (none: no link). */
  siteOrigin?: string;
}

export function messageOf(event: ProjectEvent, opts: MessageOptions): Message {
  const words = WORDS[opts.language];
  const who = plain(event.actorName ?? words.someone);
  const what = KIND_TEXT[event.kind][opts.language];
  const subject = event.subject.name ? ` **${plain(event.subject.name)}**` : '';
  const sep = opts.language === 'zh' ? '' : ' ';
  const lines = [`${who}${sep}${what}${subject}`];
  const details = opts.detail === 'details';
  switch (event.kind) {
    case 'document.updated':
    case 'model.changed': {
      const d = detailsOf(event as ProjectEvent & { kind: 'document.updated' });
      if (d.followUp) lines.push(words.followUp(d.saves));
      else if (d.saves > 1) lines[0] += words.saves(d.saves);
      if (details && d.changedFields.length) {
        const fields = d.changedFields.map((f) => FIELD_TEXT[f]?.[opts.language] ?? f).join(opts.language === 'zh' ? '、' : ', ');
        lines.push(`${words.changed}: ${fields}`);
      }
      if (details && d.method && d.path) lines.push(`\`${d.method.toUpperCase()} ${plain(d.path)}\``);
      const p = d.parameters;
      if (details && p) lines.push(words.params(p.added.length, p.removed.length, p.changed.length));
      if (event.kind === 'model.changed') {
        const m = detailsOf(event as ProjectEvent & { kind: 'model.changed' });
        if (details && m.usedByCount) {
          const shown = m.usedBy.map((op) => `\`${plain(op)}\``);
          if (m.usedByCount > shown.length) shown.push(words.more(m.usedByCount - shown.length));
          lines.push(`${words.usedBy(m.usedByCount)}${words.colon}${shown.join(words.listSep)}`);
        }
      }
      break;
    }
    case 'import.finished': {
      const d = detailsOf(event as ProjectEvent & { kind: 'import.finished' });
      lines.push(words.import(d.created, d.updated, d.deleted));
      const breaking = (event.details as { breaking?: number }).breaking;
      if (breaking) lines.push(words.breaking(breaking));
      break;
    }
    case 'release.published': {
      const d = detailsOf(event as ProjectEvent & { kind: 'release.published' });
      lines[0] += ` **${plain(d.version)}**`;
      if (d.breaking !== undefined) lines.push(words.breaking(d.breaking) + (d.previous ? words.comparedWith(plain(d.previous)) : ''));
      break;
    }
    case 'document.deleted':
    case 'document.restored': {
      const count = (event.details as { count?: number }).count ?? 1;
      if (count > 1) lines.push(words.count(count));
      break;
    }
    case 'member.added':
    case 'member.removed': {
      const name = (event.details as { userName?: string }).userName;
      if (name) lines[0] += ` **${plain(name)}**`;
      break;
    }
    case 'scenario.run.finished': {
      const d = detailsOf(event as ProjectEvent & { kind: 'scenario.run.finished' });
      const status = d.status ? `${words.status[d.status]}${words.colon}` : '';
      lines.push(`${status}${words.scenario(d.passed, d.failed)}`);
      break;
    }
    default:
      break;
  }
  return { title: `[${plain(opts.projectName)}] ${who}${sep}${what}`, lines, link: linkOf(event, opts.siteOrigin) };
}

function linkOf(event: ProjectEvent, origin: string | undefined): string | undefined {
  if (!origin) return undefined;
  const project = encodeURIComponent(event.projectId);
  const doc = event.subject.documentId;
  if (doc && event.kind !== 'document.deleted') return `${origin}/project/${project}/${encodeURIComponent(doc)}`;
  return `${origin}/project/${project}`;
}

export function testMessage(language: Language, projectName: string): Message {
  const words = WORDS[language];
  return { title: `[${plain(projectName)}] ${words.testTitle}`, lines: [words.test] };
}

/** The message as markdown lines with its link, for the providers that take markdown. */
export function markdownOf(message: Message, language: Language): string {
  const link = message.link ? [`[${WORDS[language].open}](${message.link})`] : [];
  return [...message.lines, ...link].join('\n\n');
}

/** A daily digest's line of one notification: where, who, what. */
export interface DigestLine {
  projectName: string;
  actorName: string;
  kind: string;
  subjectName: string;
}

/** The daily digest (issue 38): what happened, one line each, in the reader's language. */
export function digestText(lines: DigestLine[], language: Language): string {
  const title = language === 'zh' ? `Apiloom 每日摘要：${lines.length} 条通知` : `Apiloom daily digest: ${lines.length} notifications`;
  const sep = language === 'zh' ? '' : ' ';
  const body = lines.map((l) => {
    const what = KIND_TEXT[l.kind as EventKind]?.[language] ?? l.kind;
    const who = l.actorName || WORDS[language].someone;
    return `[${l.projectName}] ${who}${sep}${what}${l.subjectName ? ` ${l.subjectName}` : ''}`;
  });
  return [title, '', ...body].join('\n');
}
