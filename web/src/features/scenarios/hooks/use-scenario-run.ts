/**
 * A browser run as a hook: starts it in its worker, gathers each step's result as it ends and hands the screen a
 * fresh list at most every FLUSH_MS (a run of thousands of steps would otherwise render once per step and hold
 * the page), and keeps the summary or why the run did not happen.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RunSummary, StepResult } from '@shared/scenarios/engine';
import { RunNotFinished, startBrowserRun, type HostedRun, type RunDeps } from '../lib/run-host';
import type { RunInput } from '../lib/run-protocol';

const FLUSH_MS = 250;

export interface FinishedRun {
  summary: RunSummary;
  results: StepResult[];
}

export function useScenarioRun() {
  const [results, setResults] = useState<StepResult[]>([]);
  const [summary, setSummary] = useState<RunSummary | null>(null);
  const [failure, setFailure] = useState<RunNotFinished | null>(null);
  const [running, setRunning] = useState(false);
  const gathered = useRef<StepResult[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hosted = useRef<HostedRun | null>(null);

  const flush = useCallback(() => {
    timer.current = null;
    setResults([...gathered.current]);
  }, []);

  // A run outlives no page: leaving stops it.
  useEffect(() => () => hosted.current?.stop(), []);

  const start = useCallback(
    async (input: RunInput, deps: RunDeps): Promise<FinishedRun | null> => {
      gathered.current = [];
      setResults([]);
      setSummary(null);
      setFailure(null);
      setRunning(true);
      const run = startBrowserRun(input, deps, (result) => {
        gathered.current.push(result);
        timer.current ??= setTimeout(flush, FLUSH_MS);
      });
      hosted.current = run;
      try {
        const done = await run.finished;
        setSummary(done);
        return { summary: done, results: gathered.current };
      } catch (error) {
        setFailure(error instanceof RunNotFinished ? error : new RunNotFinished('crash', String(error)));
        return null;
      } finally {
        if (timer.current) clearTimeout(timer.current);
        flush();
        hosted.current = null;
        setRunning(false);
      }
    },
    [flush],
  );

  return { results, summary, failure, running, start, stop: () => hosted.current?.stop() };
}
