/**
 * What every writer reads the project file through: each node's content as the newest shape of its kind, its
 * folder path, its serial label, and the models by id (a parameter's `ref` names a model document's id).
 */
import type { ApiloomFile } from '../../shared/import/apiloom';
import { readContent, type TypedContent } from '../../shared/schemas/document';

export type FileNode = ApiloomFile['nodes'][number];

export interface ReadNode {
  node: FileNode;
  typed: TypedContent | undefined;
  /** Names of the folders above it, top first. */
  folders: string[];
  depth: number;
}

/** The file's nodes with their content read (undefined where it does not read), in the file's (tree) order. */
export function readNodes(file: ApiloomFile): ReadNode[] {
  const byId = new Map(file.nodes.map((n) => [n.id, n]));
  const foldersOf = (node: FileNode): string[] => {
    const path: string[] = [];
    for (let parent = byId.get(node.parentId), hops = 0; parent && hops < 64; parent = byId.get(parent.parentId), hops++)
      path.unshift(parent.name);
    return path;
  };
  return file.nodes.map((node) => {
    let typed: TypedContent | undefined;
    try {
      typed = readContent(node.type, node.content);
    } catch {
      typed = undefined;
    }
    const folders = foldersOf(node);
    return { node, typed, folders, depth: folders.length };
  });
}

/** Model names by model document id (and by name, for files whose references name models). */
export function modelNames(nodes: ReadNode[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const { node, typed } of nodes) if (typed?.type === 'model') names.set(node.id, typed.content.name);
  for (const name of [...names.values()]) if (!names.has(name)) names.set(name, name);
  return names;
}

/** `title` when nothing else is named so, else `title (2)`, `title (3)`... */
export function uniqueName(taken: Set<string>, title: string): string {
  let name = title;
  for (let i = 2; taken.has(name); i++) name = `${title} (${i})`;
  taken.add(name);
  return name;
}

/**
 * A row's example or default as a value: JSON text parsed, plain text (a string's) kept. JSON that holds a `$ref`
 * key stays text: written as an object, readers would take it for a reference to resolve (GitHub's examples hold
 * such references to examples of their own).
 */
export function exampleValue(text: string, stringType: boolean): unknown {
  if (stringType || text.includes('"$ref"')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
