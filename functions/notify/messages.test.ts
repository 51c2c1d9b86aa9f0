/**
 * What the messages of issue 38's later events say, in zh and en, as each provider carries them: a data model's
 * change with the operations that use it, a release with its compatibility verdict, a scenario run's outcome, and
 * a save storm's follow-up.
 */
import { describe, expect, it } from 'vitest';
import type { ChannelKind } from '@shared/schemas/channels';
import type { EventKind, ProjectEvent } from '@shared/schemas/events';
import { messageOf, type Language } from './messages';
import { requestFor } from './providers';

const event = (kind: EventKind, details: Record<string, unknown>, name?: string): ProjectEvent => ({
  eventId: '0000000001abcdef',
  projectId: 'p1',
  kind,
  actorId: 'u1',
  actorName: 'Mei',
  at: '2026-11-29T03:00:00.000Z',
  subject: name ? { documentId: 'p1_d1', name } : {},
  details,
});

const CASES: { what: string; event: ProjectEvent; says: Record<Language, string[]> }[] = [
  {
    what: 'a data model’s change names the operations that use it, and how many more',
    event: event(
      'model.changed',
      { changedFields: ['content'], usedBy: ['GET /owners', 'GET /pets', 'POST /pets', 'PUT /pets/{id}', 'GET /shops'], usedByCount: 7 },
      'Pet',
    ),
    says: {
      en: [
        'Mei changed the model **Pet**',
        'Used by 7 operations: `GET /owners`, `GET /pets`, `POST /pets`, `PUT /pets/{id}`, `GET /shops`, and 2 more',
      ],
      zh: [
        'Mei修改了数据模型 **Pet**',
        '被 7 个接口使用：`GET /owners`、`GET /pets`、`POST /pets`、`PUT /pets/{id}`、`GET /shops`、等 2 个',
      ],
    },
  },
  {
    what: 'a release carries its compatibility verdict against the one before it',
    event: event('release.published', { version: '1.1.0', breaking: 2, previous: '1.0.0' }),
    says: {
      en: ['Mei published a release **1.1.0**', 'breaking: 2 (against 1.0.0)'],
      zh: ['Mei发布了版本 **1.1.0**', '破坏性变更 2 项（与 1.0.0 相比）'],
    },
  },
  {
    what: 'a release with nothing breaking says so',
    event: event('release.published', { version: '1.0.1', breaking: 0, previous: '1.0.0' }),
    says: { en: ['breaking: 0 (against 1.0.0)'], zh: ['破坏性变更 0 项（与 1.0.0 相比）'] },
  },
  {
    what: 'a scenario run says its outcome and its steps passed and failed',
    event: event('scenario.run.finished', { status: 'failed', passed: 8, failed: 2 }, 'Sign-in flow'),
    says: {
      en: ['Mei ran the test scenario **Sign-in flow**', 'Failed: steps 8 passed, 2 failed'],
      zh: ['Mei运行了测试场景 **Sign-in flow**', '未通过：步骤通过 8，失败 2'],
    },
  },
  {
    what: 'a save storm’s follow-up says it follows and carries every save’s changes',
    event: event(
      'document.updated',
      { method: 'GET', path: '/animals', changedFields: ['description', 'path'], saves: 3, followUp: true },
      'List pets',
    ),
    says: {
      en: [
        'Mei updated **List pets**',
        'More changes since the first message: 3 saves in all',
        'Changed: description, path',
        '`GET /animals`',
      ],
      zh: ['Mei修改了文档 **List pets**', '首条消息之后还有修改：共 3 次保存', '改动: 说明、路径', '`GET /animals`'],
    },
  },
];

/** The text a provider's request carries the message in, as that provider formats it. */
function carriedText(kind: Exclude<ChannelKind, 'email'>, body: Uint8Array | undefined): string {
  const sent = JSON.parse(new TextDecoder().decode(body)) as Record<string, unknown>;
  switch (kind) {
    case 'dingtalk':
      return (sent.markdown as { text: string }).text;
    case 'feishu':
      return (sent.card as { elements: { content: string }[] }).elements[0]!.content;
    case 'wecom':
      return (sent.markdown as { content: string }).content;
    case 'slack':
      return (sent.blocks as { text: { text: string } }[])[0]!.text.text;
    case 'webhook':
      return (sent.message as { markdown: string }).markdown;
  }
}

/** Slack's mrkdwn bolds with one star. */
const asCarried = (kind: ChannelKind, line: string) => (kind === 'slack' ? line.replace(/\*\*(.+?)\*\*/g, '*$1*') : line);

const PROVIDERS = ['dingtalk', 'feishu', 'wecom', 'slack', 'webhook'] as const;

describe('messages of models, releases, scenario runs and follow-ups', () => {
  for (const { what, event: told, says } of CASES)
    for (const language of ['zh', 'en'] as const)
      it(`${what} (${language}), in every provider’s format`, () => {
        const message = messageOf(told, { language, detail: 'details', projectName: 'Pets' });
        for (const line of says[language]) expect(message.lines).toContain(line);
        for (const kind of PROVIDERS) {
          const request = requestFor({ kind, target: 'https://example.com/hook', secret: 's', language }, message, { deliveryId: 'd' });
          const text = carriedText(kind, request.body);
          for (const line of says[language]) expect(text, kind).toContain(asCarried(kind, line));
        }
      });

  it('a channel of names only does not list the operations that use a model', () => {
    const model = CASES[0]!.event;
    expect(messageOf(model, { language: 'en', detail: 'names', projectName: 'Pets' }).lines).toEqual(['Mei changed the model **Pet**']);
  });
});
