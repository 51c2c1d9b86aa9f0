/**
 * The main thread's side of the preview: one Web Worker per page, made on first use and ended with the page. The
 * file or the pasted text goes to it as it is; only counts, figures and warnings come back. Each request carries a
 * sequence number: the worker answers in order, and an answer to a read or a plan that a newer one replaced is dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExistingDocument } from '@shared/import/plan';
import type { PreviewChoices, PreviewRequest, PreviewResponse } from './preview';

type WithoutSeq<T> = T extends unknown ? Omit<T, 'seq'> : never;

export type PreviewState =
  | { status: 'idle' }
  | { status: 'reading' }
  | (Extract<PreviewResponse, { type: 'read' }> & { status: 'ready' })
  | (Extract<PreviewResponse, { type: 'refused' }> & { status: 'refused' })
  | { status: 'failed'; message: string };

export interface PreviewSource {
  file?: File;
  text?: string;
  name: string;
}

export function usePreview() {
  const worker = useRef<Worker | null>(null);
  const seq = useRef(0);
  const lastRead = useRef(0);
  const lastPlan = useRef(0);
  const [state, setState] = useState<PreviewState>({ status: 'idle' });

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  const post = useCallback((request: WithoutSeq<PreviewRequest>) => {
    if (!worker.current) {
      worker.current = new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module', name: 'import-preview' });
      worker.current.onmessage = (event: MessageEvent<PreviewResponse>) => {
        const answer = event.data;
        if (answer.type === 'plan') {
          if (answer.seq === lastPlan.current && answer.seq > lastRead.current)
            setState((s) => (s.status === 'ready' ? { ...s, plan: answer.plan } : s));
          return;
        }
        if (answer.seq !== lastRead.current) return;
        if (answer.type === 'read') setState({ ...answer, status: 'ready' });
        else if (answer.type === 'refused') setState({ ...answer, status: 'refused' });
        else setState({ status: 'failed', message: answer.message });
      };
      worker.current.onerror = (event) => setState({ status: 'failed', message: event.message });
    }
    seq.current += 1;
    if (request.type === 'read') lastRead.current = seq.current;
    else lastPlan.current = seq.current;
    worker.current.postMessage({ ...request, seq: seq.current });
  }, []);

  /** Reads a source and plans it; no source clears the preview. */
  const read = useCallback(
    (source: PreviewSource | null, existing: ExistingDocument[], choices: PreviewChoices) => {
      if (!source) {
        seq.current += 1;
        lastRead.current = seq.current;
        setState({ status: 'idle' });
        return;
      }
      setState({ status: 'reading' });
      post({ type: 'read', file: source.file, text: source.text, name: source.name, existing, choices });
    },
    [post],
  );

  /** Plans the source read last again (other choices, or the target's tree arrived). */
  const plan = useCallback(
    (existing: ExistingDocument[], choices: PreviewChoices) => {
      if (lastRead.current > 0) post({ type: 'plan', existing, choices });
    },
    [post],
  );

  return { state, read, plan };
}
