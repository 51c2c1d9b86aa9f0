/**
 * Share links: managing them (editors), and reading one: its content with a share token, or 45016 while a
 * password is wanted, which the assertion checks. Who is let in, and what a share shows, is domain/share-reading.ts
 * (the llms door reads shares through it too).
 */
import { SHARE_TOKEN_HEADER } from '@shared/constants';
import { translate, type Locale } from '@shared/messages';
import type { ShareContent } from '@shared/schemas/share';
import { buildDocumentTree, loadNodes } from '../../domain/documents';
import { hashPassword } from '../../domain/passwords';
import { listReleases, readSnapshot } from '../../domain/releases';
import {
  createShare,
  deleteShare,
  getShare,
  issueShareToken,
  newShareId,
  sharesOf,
  toShareView,
  updateShare,
  type ShareRecord,
} from '../../domain/shares';
import { admitShareReader, admitWithPassword, readSharedTree } from '../../domain/share-reading';
import { AppError } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { editorOf } from '../../domain/users';

/**
 * Every chosen document must be in the project (its live tree, or the release shared); otherwise the share
 * dialog hears why at its document field, in the reader's language.
 */
async function assertShareable(projectId: string, docIds: string[], version: string | null, locale: Locale) {
  let ids: Set<string>;
  if (version) {
    const release = (await listReleases(projectId)).find((r) => r.version === version);
    if (!release) throw new AppError('releaseNotFound');
    ids = new Set((await readSnapshot(release)).nodes.map((n) => n.id));
  } else {
    ids = new Set(docIds.length ? (await loadNodes(projectId)).map((n) => n.id) : []);
  }
  const missing = docIds.filter((id) => !ids.has(id));
  if (missing.length) throw new AppError('invalidInput', {}, { fields: { docIds: translate(locale, 'error.notFound') } });
}

/** What a share screen shows: the share, its tree and the token for the follow-up reads. */
async function content(share: ShareRecord, shareToken: string): Promise<ShareContent> {
  const { project, nodes } = await readSharedTree(share);
  return {
    id: share.id,
    name: share.name,
    expireAt: share.expireAt,
    projectId: share.projectId,
    projectName: project.name,
    version: share.version,
    tree: buildDocumentTree(share.projectId, nodes),
    allowExport: share.allowExport,
    shareToken,
  };
}

export const shareHandlers = defineHandlers({
  'share.create': async ({ body }, ctx) => {
    await assertShareable(body.projectId, body.docIds, body.version, ctx.locale);
    const editor = await editorOf(ctx.caller.userId);
    const now = new Date().toISOString();
    const share: ShareRecord = {
      id: newShareId(body.projectId),
      projectId: body.projectId,
      name: body.name,
      docIds: body.docIds,
      expireAt: body.expireAt,
      passwordHash: body.password ? await hashPassword(body.password) : null,
      version: body.version,
      allowExport: body.allowExport,
      tokenEpoch: 1,
      createdBy: editor.id,
      createdByName: editor.name,
      createdAt: now,
      updatedAt: now,
    };
    await createShare(share);
    return toShareView(share);
  },

  'share.update': async ({ body }, ctx) => {
    const current = await getShare(body.projectId, body.id);
    if (!current || current.projectId !== ctx.project.item.id) throw new AppError('notFound');
    await assertShareable(body.projectId, body.docIds, body.version, ctx.locale);
    const passwordHash = body.password === undefined ? current.passwordHash : body.password ? await hashPassword(body.password) : null;
    const { tokenEpoch: _epoch, ...kept } = current;
    return toShareView(
      await updateShare(current, {
        ...kept,
        name: body.name,
        docIds: body.docIds,
        expireAt: body.expireAt,
        version: body.version,
        allowExport: body.allowExport,
        passwordHash,
        updatedAt: new Date().toISOString(),
      }),
    );
  },

  'share.list': async ({ params }) => (await sharesOf(params.id)).map(toShareView),

  'share.delete': async ({ params }, ctx) => {
    const share = await getShare(ctx.project.item.id, params.id);
    if (!share) throw new AppError('notFound');
    await deleteShare(share.projectId, share.id);
    return null;
  },

  'share.content': async ({ params }, ctx) => {
    const { share, token } = await admitShareReader(params.id, { token: ctx.event.headers?.[SHARE_TOKEN_HEADER], address: ctx.sourceIp });
    return content(share, token ?? (await issueShareToken(share)));
  },

  'share.assert': async ({ params, body }, ctx) => ({
    shareToken: await issueShareToken(await admitWithPassword(params.id, body.password, ctx.sourceIp)),
  }),
});
