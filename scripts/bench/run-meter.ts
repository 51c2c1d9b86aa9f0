/**
 * What a bench run in a process of its own measures (a fresh heap, so its peak memory is its own): the time of each
 * named stage, and the peak resident memory, sampled every 20 ms and after each stage.
 */
export function runMeter() {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 20);
  const stages: Record<string, number> = {};
  return {
    stages,
    sample,
    /** Runs one stage and keeps its time under `name`. */
    time: async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
      const started = performance.now();
      const value = await run();
      stages[name] = Math.round(performance.now() - started);
      sample();
      return value;
    },
    /** Stops sampling; the peak in MB. */
    stop: (): number => {
      clearInterval(sampler);
      sample();
      return Math.round(peak / 1024 / 1024);
    },
  };
}
