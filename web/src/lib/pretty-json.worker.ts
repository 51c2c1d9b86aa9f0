/** Pretty-prints a JSON text off the page's thread (./pretty-json.ts): one text in, the indented text (or the same) out. */
import { prettyJson } from './pretty-json';

const scope = self as unknown as { onmessage: ((e: MessageEvent<string>) => void) | null; postMessage: (m: string) => void };
scope.onmessage = (event) => scope.postMessage(prettyJson(event.data));
