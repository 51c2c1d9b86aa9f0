/**
 * Document bodies: the content of a document, kept apart from its small tree node so the tree is one cheap
 * query. A body is stored inline in its item, or in S3 (one immutable object per revision) when it would not fit
 * a DynamoDB item.
 */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { asRecord, asRecords, batchGet, getItem } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { deleteObjects, getObjectText, putObject } from '../data/s3';

/** A body as stored: the JSON text inline, or the S3 key of an object holding it. */
export const storedBody = lazy(() => z.object({ json: z.string().optional(), s3Key: z.string().optional() }));
export type StoredBody = z.infer<typeof storedBody>;
const bodyRecord = lazy(() => storedBody.extend({ documentId: z.string(), rev: z.number() }));

/** DynamoDB items stop at 400 KB; leave room for the other attributes and a transaction's other items. */
const INLINE_BODY_LIMIT = 300 * 1024;

export const bodyItem = (projectId: string, documentId: string, rev: number, body: StoredBody) => ({
  ...ENTITY.documentBody,
  documentId,
  rev,
  ...(body.s3Key ? { s3Key: body.s3Key } : { json: body.json ?? '{}' }),
  ...keys.documentBody(projectId, documentId),
});

/** Stores stored-form content inline, or in S3 when it is too large for an item. */
export async function storeBody(projectId: string, documentId: string, rev: number, stored: unknown): Promise<StoredBody> {
  const json = JSON.stringify(stored ?? {});
  if (Buffer.byteLength(json) <= INLINE_BODY_LIMIT) return { json };
  const s3Key = keys.documentBodyObject(projectId, documentId, rev);
  await putObject(s3Key, json, 'application/json');
  return { s3Key };
}

/** The stored JSON of a body (an empty object when there is none). */
export async function readBody(body: StoredBody | undefined): Promise<unknown> {
  if (!body) return {};
  if (body.json !== undefined) return JSON.parse(body.json) as unknown;
  if (!body.s3Key) return {};
  return JSON.parse(await getObjectText(body.s3Key)) as unknown;
}

export const getBody = async (projectId: string, documentId: string) =>
  asRecord(bodyRecord, await getItem(keys.documentBody(projectId, documentId), { consistent: true }));

export const bodiesOf = async (projectId: string, documentIds: string[]) =>
  asRecords(bodyRecord, await batchGet(documentIds.map((id) => keys.documentBody(projectId, id))));

/** Removes S3 bodies (all their revisions). */
export const deleteBodyObjects = (objectKeys: string[]) => deleteObjects(objectKeys);
