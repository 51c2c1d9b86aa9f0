/**
 * Share links: managing them (editors), and reading one: its content with a share token, or 45016 while a
 * password is wanted, which the assertion checks. Password guesses are counted per share and per address before
 * the check; past the limit every answer is 429, even for the right password. An unknown share and a wrong
 * password answer alike, after the same work.
 */
import { SHARE_TOKEN_HEADER } from '@shared/constants';
import { translate, type Locale } from '@shared/messages';
import { projectIdOfShare, type ShareContent } from '@shared/schemas/share';
import { buildDocumentTree, loadNodes, nodesAt } from '../../domain/documents';
import { decoyHash, hashPassword, verifyPassword } from '../../domain/passwords';
import { getProject } from '../../domain/projects';
import { listReleases, readSnapshot } from '../../domain/releases';
import {
  createShare,
  deleteShare,
  getShare,
  isExpired,
  issueShareToken,
  liveShare,
  newShareId,
  scopedNodes,
  sharesOf,
  tokenStillCounts,
  toShareView,
  updateShare,
  type ShareRecord,
} from '../../domain/shares';
import { consume } from '../../domain/throttles';
import { AppError } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { editorOf } from './shared';

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

async function content(share: ShareRecord, shareToken: string): Promise<ShareContent> {
  const release = share.version ? (await listReleases(share.projectId)).find((r) => r.version === share.version) : undefined;
  if (share.version && !release) throw new AppError('releaseNotFound');
  const snapshot = release ? await readSnapshot(release) : undefined;
  const live = (await getProject(share.projectId))!;
  const project = snapshot?.project ?? live;
  const nodes = snapshot?.nodes ?? (await nodesAt(live));
  return {
    id: share.id,
    name: share.name,
    expireAt: share.expireAt,
    projectId: share.projectId,
    projectName: project.name,
    version: share.version,
    tree: buildDocumentTree(share.projectId, scopedNodes(share, nodes)),
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
    const share = await liveShare(params.id);
    const sent = await tokenStillCounts(share, ctx.event.headers?.[SHARE_TOKEN_HEADER]);
    if (!sent && share.passwordHash) throw new AppError('sharePassword');
    return content(share, sent ?? (await issueShareToken(share)));
  },

  'share.assert': async ({ params, body }, ctx) => {
    // Counted before anything is compared, so a guesser learns nothing past the limit.
    await consume(['shareGuess', params.id], 'tooManyGuesses');
    await consume(['shareGuessAddress', ctx.sourceIp], 'tooManyGuesses');
    const share = await getShare(projectIdOfShare(params.id), params.id);
    if (share && isExpired(share)) throw new AppError('shareExpired');
    const ok = await verifyPassword(body.password, share?.passwordHash ?? (await decoyHash()));
    if (!share || (share.passwordHash && !ok)) throw new AppError('sharePassword');
    await liveShare(share.id);
    return { shareToken: await issueShareToken(share) };
  },
});
