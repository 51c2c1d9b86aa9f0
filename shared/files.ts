/**
 * Uploaded files (images and attachments of documents): what may be uploaded, how a type is recognised, and how
 * a stored file is served. The web app checks before it uploads, the project service checks again on the bytes
 * that reached S3, and CloudFront and the local gateway serve files with the same headers.
 */
import { LIMITS } from './constants';
import { stripBidiControls } from './text';

export const FILE_KINDS = ['image', 'attachment'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Largest upload of each kind, in bytes (spec section 5: images 500 KB, attachments 10 MB). */
export const FILE_LIMITS: Record<FileKind, number> = { image: LIMITS.imageBytes, attachment: LIMITS.attachmentBytes };

/** Raster formats only: an SVG is a document that can carry script, so it is refused as an image. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
type ImageType = (typeof IMAGE_TYPES)[number];

/** A bare media type (`image/png`), as the browser reports a file's and as an upload signs it. */
export const MEDIA_TYPE_PATTERN = /^[\w.+-]+\/[\w.+-]+$/;

/** Bytes the type sniffer needs to see. */
export const SNIFF_BYTES = 16;

/** Leading bytes of the formats we recognise; `null` matches any byte. */
const SIGNATURES: { type: string; bytes: (number | null)[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] }, // GIF8(7|9)a
  // RIFF....WEBP
  { type: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'application/zip', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { type: 'application/gzip', bytes: [0x1f, 0x8b] },
];

/** The type of a file by its first bytes, never by its name or the browser's guess; undefined when unknown. */
export function sniffFileType(bytes: Uint8Array): string | undefined {
  return SIGNATURES.find((s) => s.bytes.length <= bytes.length && s.bytes.every((b, i) => b === null || bytes[i] === b))?.type;
}

export const isImageType = (type: string | undefined): type is ImageType => IMAGE_TYPES.includes(type as ImageType);

/**
 * The type a stored file is served with. Images must be one of the raster types; an attachment keeps a type we
 * recognised and is otherwise plain bytes, so a browser never treats it as a page or a script.
 */
export function servedType(kind: FileKind, sniffed: string | undefined): string | undefined {
  if (kind === 'image') return isImageType(sniffed) ? sniffed : undefined;
  return sniffed ?? 'application/octet-stream';
}

/** Where the web app finds a stored file: same origin as the app, under /files/. */
export const FILES_PATH = '/files';
export const fileUrl = (projectId: string, fileId: string) => `${FILES_PATH}/${projectId}/${fileId}`;

/** File ids are 128 random bits, base64url: unguessable, so a file's address is its read permission. */
export const FILE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** A file name as stored: no path, no control characters, at most 120 characters. */
export function cleanFileName(name: string): string {
  // Bidi overrides go too: a file name must read as what it is.
  const base = stripBidiControls(name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"]/g, '')
    .trim();
  return (base || 'file').slice(0, 120);
}

/** Images show inline; attachments always download, under their original name. */
export function contentDisposition(kind: FileKind, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${kind === 'image' ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Headers on every served file, on top of its stored type and disposition: nothing in a file may run (a sandbox
 * CSP with no sources), no type sniffing, and file addresses never change so they cache for a year.
 */
export const FILE_RESPONSE_HEADERS = {
  'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
  'cache-control': 'public, max-age=31536000, immutable',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** How long a presigned upload stays usable. */
export const UPLOAD_URL_SECONDS = 600;

/** Browsers PUT straight to the files bucket: the one CORS rule it needs, in AWS and on s3rver alike. */
export const UPLOAD_CORS_RULE = {
  allowedMethods: ['PUT'],
  allowedHeaders: ['content-type'],
  maxAgeSeconds: 3000,
} as const;

/**
 * The object tag that withholds a project's files while the project is in the recycle bin: the files origin
 * never serves a tagged object (in AWS a Deny in the files bucket's policy on `s3:ExistingObjectTag`, locally the
 * file server's own check); restoring the project removes the tag.
 */
export const WITHHELD_FILE_TAG = { Key: 'apiloom-withheld', Value: 'recycled' } as const;
