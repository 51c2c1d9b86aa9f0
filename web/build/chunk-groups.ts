/**
 * The app's own chunk groups (rolldown's `codeSplitting.groups`), each added by a plugin. A group takes only the
 * modules it names, not what they import, or React would move into the icons chunk.
 */
import { realpathSync } from 'node:fs';
import type { Plugin, Rolldown } from 'vite';

type Group = Rolldown.CodeSplittingGroup;

/** A plugin that adds `group` to the build's chunk groups. */
const chunkGroup = (name: string, group: Group): Plugin => ({
  name,
  apply: 'build',
  outputOptions(options) {
    if (options.codeSplitting === false) return null;
    const splitting = typeof options.codeSplitting === 'object' ? options.codeSplitting : {};
    const groups = [...(splitting.groups ?? []), { includeDependenciesRecursively: false, ...group }];
    return { ...options, codeSplitting: { ...splitting, groups } };
  },
});

/** Icons antd's inputs, forms, alerts and messages draw themselves. */
const KIT_ICONS =
  /^(Eye|EyeInvisible|QuestionCircle|CloseCircle|Close|Search|Loading|InfoCircle|ExclamationCircle|CheckCircle|Check|Down|Up)(Outlined|Filled)$/;

/**
 * Icons go to two chunks of their own: the few the kit's form controls and messages show (what the sign-in page
 * needs), and all the others. Left to the default splitting, an icon lands in the chunk of the first component
 * that uses it, and a page needing only the icon downloads that whole component (tabs, tables); one chunk per
 * icon instead means a hundred requests on every page.
 */
export const iconChunks = () =>
  chunkGroup('apiloom-icon-chunks', {
    debugName: 'icons',
    priority: 2,
    name: (id) => {
      if (!/@ant-design[\\/]icons/.test(id)) return null;
      const icon = /[\\/](?:asn|icons)[\\/](\w+)\.js$/.exec(id)?.[1];
      return !icon || KIT_ICONS.test(icon) ? 'icons-kit' : 'icons';
    },
  });

/** The modules `roots` import statically, themselves included, as the module graph has them. */
function staticImports(graph: Rolldown.ChunkingContext, roots: string[]) {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of graph.getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/**
 * One page's first screen in one chunk: the modules `page` imports statically, less what the `firstVisit` modules
 * (the entry, and the pages of a first visit) import, which stay split as they are so those pages load no more
 * than before. Left to the default splitting, the page's code came in many small chunks shared with other pages;
 * over HTTP/1.1's six connections each chunk waits its turn and costs the page's main thread a request.
 *
 * Both sides follow the module graph as it is, each import whole: a kit's entry module that re-exports all of its
 * components (antd's) leads to every component, so the kit stays out of the chunk (a first-visit page imports
 * the kit), and the chunk holds the page's own code and the libraries only it reaches.
 */
export function pageChunk(opts: { name: string; page: string; firstVisit: string[] }): Plugin {
  const page = realpathSync(opts.page);
  const firstVisit = opts.firstVisit.map((file) => realpathSync(file));
  // Worked out once per build, on the first module the group is asked about.
  let members: Set<string> | undefined;
  const plugin = chunkGroup(`apiloom-${opts.name}-chunk`, {
    debugName: opts.name,
    priority: 1,
    name: (id, graph) => {
      if (!members) {
        const shared = staticImports(graph, firstVisit);
        members = new Set([...staticImports(graph, [page])].filter((module) => !shared.has(module)));
      }
      return members.has(id) ? opts.name : null;
    },
  });
  return {
    ...plugin,
    buildStart() {
      members = undefined;
    },
  };
}
