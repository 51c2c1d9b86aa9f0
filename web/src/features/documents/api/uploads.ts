/**
 * Uploading an image or attachment: checked here first (size, and an image's type by its bytes) so a user hears
 * at once, then a presigned PUT straight to S3 and the service's own check of what arrived.
 */
import { FILE_LIMITS, isImageType, MEDIA_TYPE_PATTERN, SNIFF_BYTES, sniffFileType, type FileKind } from '@shared/files';
import type { StoredFile } from '@shared/schemas/file';
import { i18n } from '../../../i18n';
import { api, useApiMutation } from '../../../lib/api';

/** Why an upload was refused before it reached the API, already in the user's language. */
export class UploadRefused extends Error {}

/**
 * Where an upload is kept: with a project (its documents' images and attachments), a team (its logo) or the
 * account (its avatar).
 */
export type UploadTarget = { projectId: string } | { teamId: string } | 'account';

type UploadBody = { kind: FileKind; name: string; size: number; contentType: string };
const start = (to: UploadTarget, body: UploadBody) =>
  to === 'account'
    ? api.call('user.avatarUpload', { body })
    : 'teamId' in to
      ? api.call('team.logoUpload', { params: { teamId: to.teamId }, body })
      : api.call('project.attachment', { params: { id: to.projectId }, body });
const finish = (to: UploadTarget, fileId: string, body: { kind: FileKind; name: string }) =>
  to === 'account'
    ? api.call('user.avatarUploadFinish', { params: { fileId }, body })
    : 'teamId' in to
      ? api.call('team.logoUploadFinish', { params: { teamId: to.teamId, fileId }, body })
      : api.call('project.attachmentFinish', { params: { id: to.projectId, fileId }, body });

async function uploadFile(to: UploadTarget, kind: FileKind, file: File): Promise<StoredFile> {
  if (file.size === 0) throw new UploadRefused(i18n.t('v.fileEmpty'));
  if (file.size > FILE_LIMITS[kind]) throw new UploadRefused(i18n.t(kind === 'image' ? 'error.imageTooLarge' : 'error.attachmentTooLarge'));
  let contentType = MEDIA_TYPE_PATTERN.test(file.type) ? file.type : 'application/octet-stream';
  if (kind === 'image') {
    const sniffed = sniffFileType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
    if (!isImageType(sniffed)) throw new UploadRefused(i18n.t('error.fileTypeRefused'));
    contentType = sniffed;
  }
  const ticket = await start(to, { kind, name: file.name, size: file.size, contentType });
  // The signature covers these headers and the body's length: S3 takes exactly this file or nothing.
  // The answer is read to its end: a response left unread is cancelled, and shows as an aborted request.
  const put = await fetch(ticket.url, { method: ticket.method, headers: ticket.headers, body: file })
    .then(async (res) => ({ ok: res.ok, body: await res.arrayBuffer() }))
    .catch(() => undefined);
  if (!put?.ok) throw new UploadRefused(i18n.t('upload.failed'));
  return finish(to, ticket.fileId, { kind, name: file.name });
}

/** Uploads a chosen file; a refusal before the API is an `UploadRefused` in the user's language. */
export const useUpload = () =>
  useApiMutation((input: { to: UploadTarget; kind: FileKind; file: File }) => uploadFile(input.to, input.kind, input.file));
