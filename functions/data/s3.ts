/**
 * The files bucket, and the only module that talks to S3. The SDK is loaded on first use: most requests never
 * touch S3 (uploads, large bodies, clones and purges do), so a cold start does not pay for it. In Lambda the
 * S3 client and presigner come from the Node 22 runtime's own AWS SDK v3 (the bundles keep them external; see
 * scripts/build-functions.ts), locally from node_modules.
 */
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { env } from '../env';
import { localCredentials } from './dynamo-client';
import { busyWhenOverloaded, retryUntilDone, S3_SDK_RETRY, sdkRetryConfig } from './retries';

let sdk: Promise<typeof S3Sdk> | undefined;
const loadSdk = () => (sdk ??= import('@aws-sdk/client-s3'));

/** Locally s3rver needs path-style addressing and checksums only when required, or streamed uploads corrupt. */
export const s3rverConfig = (endpoint: string): S3ClientConfig => ({
  endpoint,
  forcePathStyle: true,
  credentials: localCredentials,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

function config(): S3ClientConfig {
  const { S3_ENDPOINT, AWS_REGION } = env();
  return { region: AWS_REGION, ...sdkRetryConfig(S3_SDK_RETRY), ...(S3_ENDPOINT ? s3rverConfig(S3_ENDPOINT) : {}) };
}

let client: Promise<S3Client> | undefined;
let presignClient: Promise<S3Client> | undefined;

export const s3 = () => (client ??= loadSdk().then(({ S3Client }) => new S3Client(config())));

/**
 * The client that signs browser uploads. A presigned PUT has no body when it is signed, so with the SDK's default
 * checksums it would carry the CRC32 of an empty body and S3 would refuse every real upload; checksums are off.
 */
const presigningS3 = () =>
  (presignClient ??= loadSdk().then(({ S3Client }) => new S3Client({ ...config(), requestChecksumCalculation: 'WHEN_REQUIRED' })));

const bucket = () => env().FILES_BUCKET;

/** Every call to S3 goes through here: what is still throttled (SlowDown, 503) after the SDK's retries is `serviceBusy`. */
const send = async <T>(command: object): Promise<T> => {
  const client = await s3();
  return busyWhenOverloaded(() => client.send(command as never) as Promise<T>);
};

/** S3's answer for a key (or range) that is not there. */
export const isMissing = (err: unknown) => ['NoSuchKey', 'NotFound', 'InvalidRange'].includes((err as { name?: string }).name ?? '');

export async function putObject(key: string, body: string, contentType: string) {
  const { PutObjectCommand } = await loadSdk();
  await send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
}

export async function getObjectText(key: string): Promise<string> {
  const { GetObjectCommand } = await loadSdk();
  const object = await send<S3Sdk.GetObjectCommandOutput>(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return object.Body!.transformToString();
}

/** A whole object's bytes (an import's file: up to 50 MB, read by the import worker only). */
export async function getObjectBytes(key: string): Promise<Uint8Array> {
  const { GetObjectCommand } = await loadSdk();
  const object = await send<S3Sdk.GetObjectCommandOutput>(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return object.Body ? object.Body.transformToByteArray() : new Uint8Array();
}

/** The first `bytes` bytes of an object. */
export async function getObjectStart(key: string, bytes: number): Promise<Uint8Array> {
  const { GetObjectCommand } = await loadSdk();
  const object = await send<S3Sdk.GetObjectCommandOutput>(
    new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${bytes - 1}` }),
  );
  return object.Body ? object.Body.transformToByteArray() : new Uint8Array();
}

/** Size, type and metadata of an object; undefined when there is none. */
export async function headObject(key: string) {
  const { HeadObjectCommand } = await loadSdk();
  try {
    const head = await send<S3Sdk.HeadObjectCommandOutput>(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType, metadata: head.Metadata ?? {} };
  } catch (err) {
    if (isMissing(err)) return undefined;
    throw err;
  }
}

export async function copyObject(
  from: string,
  to: string,
  replace?: { contentType: string; disposition: string; metadata: Record<string, string> },
) {
  const { CopyObjectCommand } = await loadSdk();
  await send(
    new CopyObjectCommand({
      Bucket: bucket(),
      CopySource: `${bucket()}/${from.split('/').map(encodeURIComponent).join('/')}`,
      Key: to,
      ...(replace
        ? {
            MetadataDirective: 'REPLACE',
            ContentType: replace.contentType,
            ContentDisposition: replace.disposition,
            Metadata: replace.metadata,
          }
        : {}),
    }),
  );
}

/** Replaces an object's tags (an empty list removes them). */
export async function setObjectTags(key: string, tags: { Key: string; Value: string }[]) {
  const { PutObjectTaggingCommand } = await loadSdk();
  await send(new PutObjectTaggingCommand({ Bucket: bucket(), Key: key, Tagging: { TagSet: tags } }));
}

export async function deleteObject(key: string) {
  const { DeleteObjectCommand } = await loadSdk();
  await send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/**
 * Deletes any number of objects, 1,000 per request. S3 answers a multi-object delete with the keys it could not
 * delete (throttled, or an internal error) beside a success: those are tried again, up to a cap, then `serviceBusy`.
 */
export async function deleteObjects(keys: string[]) {
  const { DeleteObjectsCommand } = await loadSdk();
  for (let i = 0; i < keys.length; i += 1000) {
    await retryUntilDone(keys.slice(i, i + 1000), async (pending) => {
      const out = await send<S3Sdk.DeleteObjectsCommandOutput>(
        new DeleteObjectsCommand({ Bucket: bucket(), Delete: { Objects: pending.map((Key) => ({ Key })), Quiet: true } }),
      );
      const failed = (out.Errors ?? []).flatMap((e) => (e.Key ? [e.Key] : []));
      return failed.length
        ? { retry: failed, because: `${failed.length} objects left undeleted (${out.Errors?.[0]?.Code})` }
        : { done: true };
    });
  }
}

/** Every key under a prefix, a page at a time. */
export async function* listKeys(prefix: string): AsyncGenerator<string[]> {
  const { ListObjectsV2Command } = await loadSdk();
  let token: string | undefined;
  do {
    const page = await send<S3Sdk.ListObjectsV2CommandOutput>(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
    );
    yield (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** A presigned PUT whose signature covers the exact Content-Length and Content-Type: S3 refuses any other body. */
export async function presignPut(key: string, size: number, contentType: string, expiresIn: number): Promise<string> {
  const [{ PutObjectCommand }, { getSignedUrl }] = await Promise.all([loadSdk(), import('@aws-sdk/s3-request-presigner')]);
  const command = new PutObjectCommand({ Bucket: bucket(), Key: key, ContentLength: size, ContentType: contentType });
  return getSignedUrl(await presigningS3(), command, { expiresIn, signableHeaders: new Set(['content-length', 'content-type']) });
}

/** Stores bytes (an export's file) with their type. */
export async function putObjectBytes(key: string, body: Uint8Array, contentType: string) {
  const { PutObjectCommand } = await loadSdk();
  await send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
}

/**
 * A presigned GET that downloads the object as `fileName` (an attachment, whatever its type): the export's
 * download link. Signed by the same client as uploads, so locally it points at s3rver, in AWS at the bucket.
 */
export async function presignGet(key: string, fileName: string, expiresIn: number): Promise<string> {
  const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([loadSdk(), import('@aws-sdk/s3-request-presigner')]);
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const command = new GetObjectCommand({
    Bucket: bucket(),
    Key: key,
    ResponseContentDisposition: `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  });
  return getSignedUrl(await presigningS3(), command, { expiresIn });
}

/** S3's smallest part but the last (5 MiB); parts are sent at 8 MiB. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Stores a file that arrives in pieces (a Word or PDF export as its writer makes it) without ever holding it whole:
 * the pieces are gathered into 8 MiB parts of a multipart upload, each part released once sent. `beforeComplete`
 * runs when every part is sent and before the object appears (the job checks it still holds its lease); if it or
 * anything else fails the upload is aborted and no object is left. A file smaller than one part is one plain PUT.
 * Answers the file's size in bytes.
 */
export async function putObjectParts(
  key: string,
  pieces: AsyncIterable<Uint8Array>,
  contentType: string,
  beforeComplete: () => Promise<unknown> = async () => undefined,
): Promise<number> {
  const sdk = await loadSdk();
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let size = 0;
  const take = () => {
    const part = Buffer.concat(held, heldBytes);
    held = [];
    heldBytes = 0;
    return part;
  };
  let uploadId: string | undefined;
  const parts: { ETag: string; PartNumber: number }[] = [];
  const sendPart = async (body: Buffer) => {
    uploadId ??= (
      await send<S3Sdk.CreateMultipartUploadCommandOutput>(
        new sdk.CreateMultipartUploadCommand({ Bucket: bucket(), Key: key, ContentType: contentType }),
      )
    ).UploadId!;
    const PartNumber = parts.length + 1;
    const sent = await send<S3Sdk.UploadPartCommandOutput>(
      new sdk.UploadPartCommand({ Bucket: bucket(), Key: key, UploadId: uploadId, PartNumber, Body: body, ContentLength: body.length }),
    );
    parts.push({ ETag: sent.ETag!, PartNumber });
  };
  try {
    for await (const piece of pieces) {
      held.push(piece);
      heldBytes += piece.length;
      size += piece.length;
      if (heldBytes >= PART_BYTES) await sendPart(take());
    }
    if (uploadId === undefined) {
      const body = take();
      await beforeComplete();
      await send(
        new sdk.PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType, ContentLength: body.length }),
      );
      return size;
    }
    if (heldBytes > 0) await sendPart(take());
    await beforeComplete();
    await send(
      new sdk.CompleteMultipartUploadCommand({ Bucket: bucket(), Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
    );
    return size;
  } catch (err) {
    if (uploadId !== undefined)
      await send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket(), Key: key, UploadId: uploadId })).catch(() => undefined);
    throw err;
  }
}
