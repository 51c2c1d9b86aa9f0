/**
 * The import preview's Web Worker: files are read, detected, mapped and planned here, off the main thread, by the
 * very code the import job runs (./preview.ts). Answers carry the request's `seq`, so a stale answer is dropped.
 */
import { createPreview, type PreviewRequest } from './preview';

const handle = createPreview();
const scope = self as unknown as { onmessage: ((e: MessageEvent<PreviewRequest>) => void) | null; postMessage: (m: unknown) => void };
// One request at a time, in order: a new plan never overtakes the read it plans.
let queue = Promise.resolve();
scope.onmessage = (event) => {
  queue = queue.then(() => handle(event.data)).then((response) => response && scope.postMessage(response));
};
