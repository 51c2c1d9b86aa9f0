/** Uploads of images and attachments (POST /project/attachment/{id}) and the file a finished upload becomes. */
import * as z from 'zod';
import { lazy } from '../lazy';
import { FILE_ID_PATTERN, FILE_KINDS, FILE_LIMITS, MEDIA_TYPE_PATTERN } from '../files';
import { vKey } from '../messages';
import { plainText, stripBidiControls } from '../text';
import { idSchema } from './project';

/** A file's name: no control characters, and bidi overrides removed so it reads as what it is. */
const fileName = lazy(() =>
  plainText(
    z
      .string({ error: vKey('fileName') })
      .trim()
      .min(1, { error: vKey('fileName') })
      .max(255, { error: vKey('fileName') }),
  ).transform(stripBidiControls),
);
const fileIdSchema = lazy(() => z.string().regex(FILE_ID_PATTERN, { error: vKey('id') }));

/** Asks for a presigned upload. Kind-specific size limits are checked by the handler, with their own messages. */
export const uploadRequestBody = lazy(() =>
  z.object({
    kind: z.enum(FILE_KINDS),
    name: fileName,
    size: z
      .number()
      .int()
      .min(1, { error: vKey('fileEmpty') })
      .max(FILE_LIMITS.attachment * 4),
    /** What the browser believes the file is; signed into the upload, then replaced by what the bytes say. */
    contentType: z.string().trim().max(200).regex(MEDIA_TYPE_PATTERN).optional().default('application/octet-stream'),
  }),
);

/** A presigned PUT: send exactly these headers, with a body of exactly the announced size, before it expires. */
export const uploadTicket = lazy(() =>
  z.object({
    fileId: z.string(),
    url: z.string(),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  }),
);
export type UploadTicket = z.infer<typeof uploadTicket>;

export const uploadFinishParams = lazy(() => z.object({ id: idSchema, fileId: fileIdSchema }));
/** Finishing an upload of the signed-in account's own image (its avatar): the file's id alone names it. */
export const ownUploadFinishParams = lazy(() => z.object({ fileId: fileIdSchema }));
/** A team's own image (its logo): kept under the team's id, named by the team and then the file. */
export const teamUploadParams = lazy(() => z.object({ teamId: idSchema }));
export const teamUploadFinishParams = lazy(() => z.object({ teamId: idSchema, fileId: fileIdSchema }));
export const uploadFinishBody = lazy(() => z.object({ kind: z.enum(FILE_KINDS), name: fileName }));

export const storedFile = lazy(() =>
  z.object({
    fileId: z.string(),
    kind: z.enum(FILE_KINDS),
    name: z.string(),
    size: z.number(),
    contentType: z.string(),
    /** Same-origin address the file is served from. */
    url: z.string(),
  }),
);
export type StoredFile = z.infer<typeof storedFile>;
