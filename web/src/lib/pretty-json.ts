/**
 * JSON indented by two spaces for reading; a text that is not JSON comes back as it is. A long text is indented in
 * a Web Worker: parsing and printing a megabyte on the page's thread kept it from answering (issue 39).
 */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The same, in a worker of its own that ends with the answer. Where no worker can start, on this thread. */
export function prettyJsonOffThread(text: string): Promise<string> {
  let worker: Worker;
  try {
    worker = new Worker(new URL('./pretty-json.worker.ts', import.meta.url), { type: 'module', name: 'pretty-json' });
  } catch {
    return Promise.resolve(prettyJson(text));
  }
  return new Promise((resolve) => {
    const done = (result: string) => {
      worker.terminate();
      resolve(result);
    };
    worker.onmessage = (event: MessageEvent<string>) => done(event.data);
    worker.onerror = () => done(prettyJson(text));
    worker.postMessage(text);
  });
}
