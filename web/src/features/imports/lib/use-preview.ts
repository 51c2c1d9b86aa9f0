/**
 * The main thread's side of the preview: one Web Worker per page, made on first use and ended with the page. The
 * file or the pasted text goes to it as it is; only counts, figures and warnings come back (./preview-state.ts
 * keeps stale answers out).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExistingDocument } from '@shared/import/plan';
import type { CompatLiveView } from '@shared/schemas/compat';
import type { PreviewChoices, PreviewRequest, PreviewResponse } from './preview';
import { PreviewSequence, type PreviewState } from './preview-state';

export type { PreviewState };

type WithoutSeq<T> = T extends unknown ? Omit<T, 'seq'> : never;

export interface PreviewSource {
  file?: File;
  text?: string;
  name: string;
}

export function usePreview() {
  const worker = useRef<Worker | null>(null);
  const sequence = useRef(new PreviewSequence());
  const [state, setState] = useState<PreviewState>({ status: 'idle' });

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  const ensureWorker = useCallback(() => {
    if (!worker.current) {
      worker.current = new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module', name: 'import-preview' });
      worker.current.onmessage = (event: MessageEvent<PreviewResponse>) => setState((s) => sequence.current.apply(s, event.data));
      worker.current.onerror = (event) => setState({ status: 'failed', message: event.message });
    }
    return worker.current;
  }, []);

  const post = useCallback(
    (request: WithoutSeq<Exclude<PreviewRequest, { type: 'project' }>>) =>
      ensureWorker().postMessage({ ...request, seq: sequence.current.next(request.type) }),
    [ensureWorker],
  );

  /** Reads a source and plans it; no source clears the preview. */
  const read = useCallback(
    (source: PreviewSource | null, existing: ExistingDocument[], choices: PreviewChoices) => {
      if (!source) {
        sequence.current.next('clear');
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
      if (sequence.current.hasRead) post({ type: 'plan', existing, choices });
    },
    [post],
  );

  /** The target's APIs and models with its policy, for the verdicts of the plans that follow (none: no verdict). */
  const project = useCallback(
    (live: CompatLiveView | null) => ensureWorker().postMessage({ type: 'project', live } satisfies PreviewRequest),
    [ensureWorker],
  );

  return { state, read, plan, project };
}
