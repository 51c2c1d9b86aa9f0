/**
 * A run's request as the content of a new HTTP API document (the blank test page's "save as a document"): method,
 * address, parameters and headers as rows with their values as examples, and the body as its type's rows or its
 * example. `{{variables}}` stay as written, so a saved document does not carry a secret's value.
 */
import type { ParamItem } from '@shared/schemas/document';
import type { RunDraft, RunRow } from './draft';

let counter = 0;
const newId = () => `r${Date.now().toString(36)}${(counter++).toString(36)}`;

const rowParam = (row: RunRow & { isFile?: boolean }): ParamItem => ({
  id: newId(),
  name: row.name.trim(),
  type: row.isFile ? 'file' : 'string',
  required: false,
  value: row.isFile ? '' : row.value,
  description: '',
  children: [],
});
const rows = (list: (RunRow & { isFile?: boolean })[]) => list.filter((r) => r.enabled && r.name.trim() !== '').map(rowParam);

export interface DocumentContentOptions {
  description: string;
  /** Parameter rows read from a JSON example (the documents feature's reader); the example alone when absent or failing. */
  paramsFromJson?: (text: string) => ParamItem[];
}

export function apiContentFromDraft(draft: RunDraft, opts: DocumentContentOptions) {
  const text = draft.bodyText.trim();
  let reqBody: ParamItem[] = [];
  if (draft.bodyType === 'form' || draft.bodyType === 'form-data') reqBody = rows(draft.form);
  else if (draft.bodyType === 'json' && text && opts.paramsFromJson) {
    try {
      reqBody = opts.paramsFromJson(text);
    } catch {
      reqBody = [];
    }
  }
  const hasExample = (draft.bodyType === 'json' || draft.bodyType === 'xml' || draft.bodyType === 'raw') && text !== '';
  return {
    method: draft.method,
    path: draft.url.trim(),
    description: opts.description,
    requestType: draft.bodyType,
    reqHeaders: rows(draft.headers),
    reqQuery: rows(draft.query),
    reqPath: rows(draft.pathParams),
    reqBody,
    reqExamples: hasExample ? [{ name: '', value: draft.bodyText }] : [],
  };
}
