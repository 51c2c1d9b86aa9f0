/** What the build plugins ask of the chunk graph, from the bundle the bundler hands them. */
import type { Rolldown } from 'vite';

type Bundle = Rolldown.OutputBundle;

export const outputChunks = (bundle: Bundle) => Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');

/** The chunks `roots` import statically, themselves included: what loads with them before any of them runs. */
export function staticClosure(bundle: Bundle, roots: Rolldown.OutputChunk[]): Rolldown.OutputChunk[] {
  const seen = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const next = bundle[file];
      if (next?.type === 'chunk') visit(next);
    }
  };
  roots.forEach(visit);
  return [...seen.values()];
}

/** The entry chunks and what they import statically: the code every page loads and runs at start. */
export const startChunks = (bundle: Bundle) =>
  staticClosure(
    bundle,
    outputChunks(bundle).filter((chunk) => chunk.isEntry),
  );
