import { LIMITS } from '@shared/constants';

/** The stored size of a document's content; the API refuses more than LIMITS.documentContentBytes. */
const contentBytes = (content: unknown) => new TextEncoder().encode(JSON.stringify(content ?? {})).length;
export const contentTooLarge = (content: unknown) => contentBytes(content) > LIMITS.documentContentBytes;
