/** What several areas of the document service need: content validation and document views. */
import { LIMITS } from '@shared/constants';
import { isOwnOrigin } from '@shared/embed';
import { translate, type Locale } from '@shared/messages';
import { contentInput, contentSchemas, type DocumentType, type DocumentView, type TypedContent } from '@shared/schemas/document';
import { isBinned } from '../../domain/document-bin';
import { nodeAt, previousSiblingId, toNodeView, type StoredNode } from '../../domain/documents';
import { readSnapshot } from '../../domain/releases';
import { scopedNodes, shareNodes } from '../../domain/shares';
import type { ProjectScope } from '../../runtime/access';
import { AppError } from '../../core/app-error';
import { parseWith } from '../../runtime/validation';
import { env } from '../../env';

/**
 * Validates content for a kind, with per-field messages like any other input (fields under `content.`), and caps
 * its size: a synchronous Lambda answers at most 6 MB, so a larger document could be saved but never read again.
 * An embed may not point at one of the app's own origins (shared/embed.ts): the site's (configured, or the host
 * this request was made to), and the mock origin's.
 */
export function parseContent(
  type: DocumentType,
  content: unknown,
  locale: Locale,
  ownOrigins: readonly (string | undefined)[] = [],
): TypedContent {
  const parsed = parseWith(contentSchemas[type], contentInput(type, content ?? {}), locale, ['content']);
  if (type === 'embed' && isOwnOrigin((parsed as { url: string }).url, ownOrigins)) {
    throw new AppError('invalidInput', {}, { fields: { 'content.url': translate(locale, 'v.embedOwnOrigin') } });
  }
  if (Buffer.byteLength(JSON.stringify(parsed)) > LIMITS.documentContentBytes) throw new AppError('contentTooLarge');
  return { type, content: parsed } as TypedContent;
}

export async function documentView(node: StoredNode, typed: TypedContent): Promise<DocumentView> {
  return { ...toNodeView(node, await previousSiblingId(node)), ...typed, updatedByName: node.updatedByName };
}

/**
 * The nodes a read works on when it is not the live project as a member sees it: a release's, and for a share
 * reader only what the share holds. Undefined for a live read by a member (read the live index instead).
 */
export async function frozenOrScopedNodes(scope: ProjectScope): Promise<StoredNode[] | undefined> {
  if (scope.share) return scopedNodes(scope.share, await shareNodes(scope.item, scope.release));
  if (scope.release) return (await readSnapshot(scope.release)).nodes;
  return undefined;
}

/** The app's own origins as this request sees them: what an embed may not point at. */
export const ownOrigins = (event: { headers?: Record<string, string | undefined> }) => [
  env().SITE_ORIGIN,
  env().MOCK_ORIGIN,
  event.headers?.['x-forwarded-host'] ?? event.headers?.host,
];

/** A document of the live tree (as of the revision the access check read); one in the bin says so (43014). */
export async function liveNode(project: { id: string; treeRev: number }, documentId: string): Promise<StoredNode> {
  const node = await nodeAt(project, documentId);
  if (node) return node;
  throw new AppError((await isBinned(project.id, documentId)) ? 'documentBinned' : 'notFound');
}
