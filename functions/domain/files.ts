/**
 * Uploaded files: images and attachments of a project's documents, and the own images of an account (its avatar)
 * and of a team (its logo). Presigned uploads, then a check of what actually arrived. Files live under their
 * owner's id (`/files/<owner>/<fileId>`); owner ids are UUIDs, so an account's, a team's and a project's never meet.
 */
import { randomBytes } from 'node:crypto';
import type { ErrorKey } from '@shared/errors';
import {
  cleanFileName,
  contentDisposition,
  FILE_LIMITS,
  fileUrl,
  isImageType,
  servedType,
  sniffFileType,
  WITHHELD_FILE_TAG,
  type FileKind,
} from '@shared/files';
import type { StoredFile, UploadTicket } from '@shared/schemas/file';
import { keys } from '../data/keys';
import { listKeys, setObjectTags } from '../data/s3';
import { discardUpload, inspectUpload, presignUpload, publishedFile, publishUpload } from '../data/uploads';
import { AppError } from '../core/app-error';

const TOO_LARGE: Record<FileKind, ErrorKey> = { image: 'imageTooLarge', attachment: 'attachmentTooLarge' };

/** A new upload of `size` bytes. Limits are checked here, and signed into the URL so S3 enforces them too. */
export async function startUpload(
  projectId: string,
  request: { kind: FileKind; size: number; contentType: string },
): Promise<UploadTicket> {
  if (request.size > FILE_LIMITS[request.kind]) throw new AppError(TOO_LARGE[request.kind]);
  if (request.kind === 'image' && !isImageType(request.contentType)) throw new AppError('fileTypeRefused');
  const fileId = randomBytes(16).toString('base64url');
  return { fileId, method: 'PUT', ...(await presignUpload(projectId, fileId, request.size, request.contentType)) };
}

/**
 * Checks the bytes that reached S3 (size, and type by magic bytes) and publishes the file, or deletes it and says
 * why. Repeating the call for a published file answers with that file, so a lost response can be retried.
 */
export async function finishUpload(projectId: string, fileId: string, request: { kind: FileKind; name: string }): Promise<StoredFile> {
  const stored = (file: { kind: FileKind; name: string; size: number; contentType: string }): StoredFile => ({
    fileId,
    ...file,
    url: fileUrl(projectId, fileId),
  });
  const upload = await inspectUpload(projectId, fileId);
  if (!upload) {
    const published = await publishedFile(projectId, fileId);
    if (published) return stored(published);
    // An empty body counts as nothing uploaded; it goes now rather than with the day-old pending uploads.
    await discardUpload(projectId, fileId);
    throw new AppError('uploadMissing');
  }
  const refuse = async (key: ErrorKey): Promise<never> => {
    await discardUpload(projectId, fileId);
    throw new AppError(key);
  };
  if (upload.size > FILE_LIMITS[request.kind]) return refuse(TOO_LARGE[request.kind]);
  const contentType = servedType(request.kind, sniffFileType(upload.head));
  if (!contentType) return refuse('fileTypeRefused');
  const file = { kind: request.kind, name: cleanFileName(request.name), size: upload.size, contentType };
  await publishUpload(projectId, fileId, { ...file, disposition: contentDisposition(file.kind, file.name) });
  return stored(file);
}

/** An account's or a team's own image: uploaded as a document's image is, and nothing but an image. */
export const ownImage = {
  start(ownerId: string, request: { kind: FileKind; size: number; contentType: string }) {
    if (request.kind !== 'image') throw new AppError('fileTypeRefused');
    return startUpload(ownerId, request);
  },
  finish(ownerId: string, fileId: string, request: { kind: FileKind; name: string }) {
    if (request.kind !== 'image') throw new AppError('fileTypeRefused');
    return finishUpload(ownerId, fileId, request);
  },
};

/**
 * While a project is in the recycle bin its files are not served: each object is tagged (the files origin
 * refuses tagged objects), and restoring the project takes the tag off. Only the published files are touched.
 */
export async function withholdProjectFiles(projectId: string, withheld: boolean) {
  const prefix = keys.fileObject(projectId, '');
  for await (const page of listKeys(prefix)) {
    await Promise.all(page.map((key) => setObjectTags(key, withheld ? [{ ...WITHHELD_FILE_TAG }] : [])));
  }
}
