/**
 * Browser uploads to the files bucket. The browser PUTs to a presigned URL whose signature covers the exact
 * Content-Length and Content-Type, so S3 itself refuses a body of any other size; the object lands under
 * `uploads/` and is only copied to the project's `files/` (the one prefix CloudFront serves) after the service
 * has read its first bytes. Nothing that was not checked is ever served.
 */
import { SNIFF_BYTES, UPLOAD_URL_SECONDS, type FileKind } from '@shared/files';
import { keys } from './keys';
import { copyObject, deleteObject, getObjectStart, headObject, isMissing, presignPut } from './s3';

export interface PresignedUpload {
  url: string;
  headers: Record<string, string>;
  expiresAt: string;
}

export async function presignUpload(
  projectId: string,
  fileId: string,
  size: number,
  contentType: string,
  now = new Date(),
): Promise<PresignedUpload> {
  const url = await presignPut(keys.pendingUpload(projectId, fileId), size, contentType, UPLOAD_URL_SECONDS);
  return { url, headers: { 'content-type': contentType }, expiresAt: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString() };
}

/**
 * The size and first bytes of a finished upload; undefined when nothing, or nothing but an empty body, arrived.
 * The size comes from a HEAD: a ranged read of an empty object is an error (416 in S3; s3rver drops the
 * connection), and an upload is rare enough that the extra request costs nothing that matters.
 */
export async function inspectUpload(projectId: string, fileId: string): Promise<{ size: number; head: Uint8Array } | undefined> {
  const key = keys.pendingUpload(projectId, fileId);
  const meta = await headObject(key);
  if (!meta || meta.size === 0) return undefined;
  try {
    return { size: meta.size, head: await getObjectStart(key, SNIFF_BYTES) };
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

export interface PublishedFile {
  kind: FileKind;
  name: string;
  size: number;
  contentType: string;
}

/** Copies a checked upload to where it is served from, with the type and disposition it is served with. */
export async function publishUpload(projectId: string, fileId: string, file: PublishedFile & { disposition: string }): Promise<void> {
  await copyObject(keys.pendingUpload(projectId, fileId), keys.fileObject(projectId, fileId), {
    contentType: file.contentType,
    disposition: file.disposition,
    // Object metadata is ASCII only.
    metadata: { kind: file.kind, name: encodeURIComponent(file.name) },
  });
  await discardUpload(projectId, fileId);
}

export const discardUpload = (projectId: string, fileId: string) => deleteObject(keys.pendingUpload(projectId, fileId));

/** A file already published (a repeated finish call answers with it); undefined when there is none. */
export async function publishedFile(projectId: string, fileId: string): Promise<PublishedFile | undefined> {
  const head = await headObject(keys.fileObject(projectId, fileId));
  if (!head) return undefined;
  return {
    kind: head.metadata.kind === 'image' ? 'image' : 'attachment',
    name: decodeURIComponent(head.metadata.name ?? 'file'),
    size: head.size,
    contentType: head.contentType ?? 'application/octet-stream',
  };
}
