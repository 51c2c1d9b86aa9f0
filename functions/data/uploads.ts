/**
 * Browser uploads to the files bucket. The browser PUTs to a presigned URL whose signature covers the exact
 * Content-Length and Content-Type, so S3 itself refuses a body of any other size; the object lands under
 * `uploads/` and is only copied to the project's `files/` (the one prefix CloudFront serves) after the service
 * has read its first bytes. Nothing that was not checked is ever served.
 */
import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SNIFF_BYTES, UPLOAD_URL_SECONDS, type FileKind } from '../../shared/files';
import { env } from '../env';
import { keys } from './keys';
import { presigningS3, s3 } from './s3-client';

export interface PresignedUpload {
  url: string;
  headers: Record<string, string>;
  expiresAt: string;
}

export async function presignUpload(projectId: string, fileId: string, size: number, contentType: string, now = new Date()): Promise<PresignedUpload> {
  const command = new PutObjectCommand({
    Bucket: env().FILES_BUCKET,
    Key: keys.pendingUpload(projectId, fileId),
    ContentLength: size,
    ContentType: contentType,
  });
  const url = await getSignedUrl(presigningS3(), command, {
    expiresIn: UPLOAD_URL_SECONDS,
    signableHeaders: new Set(['content-length', 'content-type']),
  });
  return { url, headers: { 'content-type': contentType }, expiresAt: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString() };
}

const missing = (err: unknown) => ['NoSuchKey', 'NotFound', 'InvalidRange'].includes((err as { name?: string }).name ?? '');

/**
 * The size and first bytes of a finished upload; undefined when nothing, or nothing but an empty body, arrived.
 * The size comes from a HEAD: a ranged read of an empty object is an error (416 in S3; s3rver drops the
 * connection), and an upload is rare enough that the extra request costs nothing that matters.
 */
export async function inspectUpload(projectId: string, fileId: string): Promise<{ size: number; head: Uint8Array } | undefined> {
  const Key = keys.pendingUpload(projectId, fileId);
  try {
    const meta = await s3().send(new HeadObjectCommand({ Bucket: env().FILES_BUCKET, Key }));
    const size = meta.ContentLength ?? 0;
    if (size === 0) return undefined;
    const object = await s3().send(new GetObjectCommand({ Bucket: env().FILES_BUCKET, Key, Range: `bytes=0-${SNIFF_BYTES - 1}` }));
    return { size, head: object.Body ? await object.Body.transformToByteArray() : new Uint8Array() };
  } catch (err) {
    if (missing(err)) return undefined;
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
  const bucket = env().FILES_BUCKET;
  await s3().send(
    new CopyObjectCommand({
      Bucket: bucket,
      CopySource: `${bucket}/${keys.pendingUpload(projectId, fileId)}`,
      Key: keys.fileObject(projectId, fileId),
      MetadataDirective: 'REPLACE',
      ContentType: file.contentType,
      ContentDisposition: file.disposition,
      // Object metadata is ASCII only.
      Metadata: { kind: file.kind, name: encodeURIComponent(file.name) },
    }),
  );
  await discardUpload(projectId, fileId);
}

export async function discardUpload(projectId: string, fileId: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: env().FILES_BUCKET, Key: keys.pendingUpload(projectId, fileId) }));
}

/** A file already published (a repeated finish call answers with it); undefined when there is none. */
export async function publishedFile(projectId: string, fileId: string): Promise<PublishedFile | undefined> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: env().FILES_BUCKET, Key: keys.fileObject(projectId, fileId) }));
    const kind = head.Metadata?.kind === 'image' ? 'image' : 'attachment';
    return {
      kind,
      name: decodeURIComponent(head.Metadata?.name ?? 'file'),
      size: head.ContentLength ?? 0,
      contentType: head.ContentType ?? 'application/octet-stream',
    };
  } catch (err) {
    if (missing(err)) return undefined;
    throw err;
  }
}
