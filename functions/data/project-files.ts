/** The S3 side of a project: everything under `projects/<projectId>/` in the files bucket. */
import { CopyObjectCommand, DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { env } from '../env';
import { keys } from './keys';
import { s3 } from './s3-client';

async function* listKeys(prefix: string) {
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: env().FILES_BUCKET, Prefix: prefix, ContinuationToken: token }));
    yield (page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Copies every object of one project to another (a clone). */
export async function copyProjectFiles(fromProjectId: string, toProjectId: string): Promise<number> {
  const from = keys.projectFilesPrefix(fromProjectId);
  const to = keys.projectFilesPrefix(toProjectId);
  const bucket = env().FILES_BUCKET;
  let copied = 0;
  for await (const page of listKeys(from)) {
    await Promise.all(
      page.map((key) =>
        s3().send(
          new CopyObjectCommand({
            Bucket: bucket,
            CopySource: `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
            Key: to + key.slice(from.length),
          }),
        ),
      ),
    );
    copied += page.length;
  }
  return copied;
}

/** Deletes every object of a project, 1,000 per request. Safe to repeat. */
export async function deleteProjectFiles(projectId: string): Promise<number> {
  let deleted = 0;
  for await (const page of listKeys(keys.projectFilesPrefix(projectId))) {
    if (!page.length) continue;
    await s3().send(
      new DeleteObjectsCommand({ Bucket: env().FILES_BUCKET, Delete: { Objects: page.map((Key) => ({ Key })), Quiet: true } }),
    );
    deleted += page.length;
  }
  return deleted;
}
