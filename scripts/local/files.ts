/**
 * `/files/<projectId>/<fileId>` as CloudFront serves it in AWS: the published object from the files bucket with
 * its stored type and disposition, plus the headers that keep a file from ever running as a page. A file withheld
 * while its project is in the recycle bin (WITHHELD_FILE_TAG) is not found, as the bucket policy has it in AWS.
 */
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, GetObjectTaggingCommand, S3Client } from '@aws-sdk/client-s3';
import { FILE_ID_PATTERN, FILE_RESPONSE_HEADERS, FILES_PATH, WITHHELD_FILE_TAG } from '@shared/files';
import { keys } from '../../functions/data/keys';
import { s3rverConfig } from '../../functions/data/s3';

const FILE_PATH = new RegExp(`^${FILES_PATH}/([A-Za-z0-9_-]{1,64})/([^/]+)$`);

export function fileServer(endpoint: string, bucket: string) {
  const client = new S3Client({ region: 'us-east-1', ...s3rverConfig(endpoint) });
  /** Serves the file at `path`; false when the path is not a file path at all. */
  return async (method: string, path: string, res: ServerResponse): Promise<boolean> => {
    if (path !== FILES_PATH && !path.startsWith(`${FILES_PATH}/`)) return false;
    const match = FILE_PATH.exec(path);
    const notFound = () =>
      res.writeHead(404, { ...FILE_RESPONSE_HEADERS, 'cache-control': 'no-store', 'content-type': 'text/plain' }).end('not found');
    if (!match || !FILE_ID_PATTERN.test(match[2] ?? '') || (method !== 'GET' && method !== 'HEAD')) {
      notFound();
      return true;
    }
    try {
      const Key = keys.fileObject(match[1] ?? '', match[2] ?? '');
      // As the files bucket's policy does in AWS: a withheld object (its project is in the bin) is not served.
      const { TagSet = [] } = await client.send(new GetObjectTaggingCommand({ Bucket: bucket, Key }));
      if (TagSet.some((t) => t.Key === WITHHELD_FILE_TAG.Key && t.Value === WITHHELD_FILE_TAG.Value)) {
        notFound();
        return true;
      }
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key }));
      res.writeHead(200, {
        ...FILE_RESPONSE_HEADERS,
        'content-type': object.ContentType ?? 'application/octet-stream',
        ...(object.ContentDisposition ? { 'content-disposition': object.ContentDisposition } : {}),
        ...(object.ContentLength !== undefined ? { 'content-length': String(object.ContentLength) } : {}),
        ...(object.ETag ? { etag: object.ETag } : {}),
      });
      if (method === 'HEAD') res.end();
      else (object.Body as Readable).pipe(res);
    } catch (err) {
      if ((err as { name?: string }).name !== 'NoSuchKey') throw err;
      notFound();
    }
    return true;
  };
}

export type FileServer = ReturnType<typeof fileServer>;
