/**
 * What a share answers plain HTTP clients (issue 26), as pure functions of the share's scoped nodes: the
 * `llms.txt` index in llmstxt.org's shape (`# Project`, a `>` summary, then a section per folder listing its
 * documents as `- [Name](url): METHOD path`), and one document as markdown, its body rendered by the export's
 * markdown writer (the same tables, code blocks and words as the Markdown export). Content is kept as written:
 * a page's markdown and a rich text's HTML pass through, as the export writes them.
 */
import type { Locale } from '@shared/constants';
import type { TypedContent } from '@shared/schemas/document';
import type { StoredNode } from '../../domain/documents';
import { documentMarkdown } from '../../export/markdown/document';

const WORDS = {
  zh: {
    documents: '文档',
    summary: (share: string, count: number) => `分享「${share}」中的 ${count} 篇文档。`,
    release: (version: string) => `发布版本 ${version}。`,
    howTo: '下面每个链接都是一篇文档的 Markdown 文本；HTTP 接口在链接后写明方法和路径。',
    contents: '目录',
    linksTo: '指向',
  },
  en: {
    documents: 'Documents',
    summary: (share: string, count: number) => `${count} documents of the share "${share}".`,
    release: (version: string) => `Release ${version}.`,
    howTo: 'Each link below is one document as markdown; an HTTP API names its method and path after its link.',
    contents: 'Contents',
    linksTo: 'Links to',
  },
} satisfies Record<Locale, unknown>;

/** Link text: brackets and line breaks that would end it escaped. */
const linkText = (text: string) => text.replace(/[\\[\]]/g, '\\$&').replace(/\s*\r?\n\s*/g, ' ');
/** A heading's text on one line. */
const oneLine = (text: string) => text.replace(/\s*\r?\n\s*/g, ' ').trim();

function entry(node: StoredNode, href: string): string {
  const api = node.type === 'api' && node.method ? `: ${node.method} ${node.path ?? ''}`.trimEnd() : '';
  return `- [${linkText(node.name)}](${href})${api}`;
}

export interface IndexInput {
  projectId: string;
  projectName: string;
  projectDescription: string;
  shareName: string;
  version: string | null;
  /** The share's scoped nodes: a top-level node's parent is the project. */
  nodes: StoredNode[];
  /** Children by parent id, each list in tree order. */
  children: Map<string, StoredNode[]>;
  language: Locale;
  /** The address of a document's markdown, from the index. */
  href: (docId: string) => string;
}

/** The share's `llms.txt`: documents at the top level first, then one section per folder (its path), in tree order. */
export function llmsIndex(input: IndexInput): string {
  const words = WORDS[input.language];
  const documents = input.nodes.filter((n) => n.type !== 'folder');
  const head = [
    `# ${oneLine(input.projectName)}`,
    `> ${[words.summary(oneLine(input.shareName), documents.length), input.version ? words.release(input.version) : '']
      .filter(Boolean)
      .join(' ')}`,
    ...(input.projectDescription.trim() ? [input.projectDescription.trim()] : []),
    words.howTo,
  ];
  const sections: string[] = [];
  const section = (title: string, parentId: string) => {
    const docs = (input.children.get(parentId) ?? []).filter((n) => n.type !== 'folder');
    if (docs.length) sections.push([`## ${title}`, '', ...docs.map((n) => entry(n, input.href(n.id)))].join('\n'));
  };
  section(words.documents, input.projectId);
  const walk = (parentId: string, path: string[], depth: number) => {
    if (depth > 64) return;
    for (const folder of (input.children.get(parentId) ?? []).filter((n) => n.type === 'folder')) {
      const at = [...path, oneLine(folder.name)];
      section(at.join(' / '), folder.id);
      walk(folder.id, at, depth + 1);
    }
  };
  walk(input.projectId, [], 0);
  return [...head, ...sections].join('\n\n') + '\n';
}

export interface PageInput {
  node: StoredNode;
  /** Its content, for every kind but folders and soft links. */
  typed: TypedContent | undefined;
  language: Locale;
  /** Model names by the ids (or names) a parameter's `ref` holds, of the models the share holds. */
  models: Map<string, string>;
  /** A folder's children in the share, in tree order. */
  children: StoredNode[];
  /** A soft link's target, when the share holds it. */
  target: StoredNode | undefined;
  /** The address of another document's markdown, from this one's. */
  href: (docId: string) => string;
}

/** One document as markdown: its name as the title, then its body as the Markdown export writes it. */
export function documentPage(input: PageInput): string {
  const words = WORDS[input.language];
  const title = `# ${oneLine(input.node.name)}`;
  let body: string;
  if (input.node.type === 'folder') {
    body = input.children.length
      ? [`## ${words.contents}`, input.children.map((n) => entry(n, input.href(n.id))).join('\n')].join('\n\n')
      : '';
  } else if (input.node.type === 'softlink') {
    body = input.target ? `${words.linksTo} [${linkText(input.target.name)}](${input.href(input.target.id)})` : '';
  } else {
    body = input.typed ? documentMarkdown(input.typed, input.language, input.models) : '';
  }
  return [title, body].filter(Boolean).join('\n\n') + '\n';
}
