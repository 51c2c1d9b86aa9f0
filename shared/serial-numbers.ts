/**
 * The project setting "序号样式" (serial number style): how folders and documents are numbered in the tree, the
 * document views and every export's table of contents and headings. One function computes the labels so that all
 * of them agree.
 */
export const SERIAL_STYLES = ['none', 'decimal', 'chinese'] as const;
export type SerialStyle = (typeof SERIAL_STYLES)[number];
export const DEFAULT_SERIAL_STYLE: SerialStyle = 'none';

/** Anything shaped like a tree node: the document tree, or an export file's nodes once nested. */
export interface SerialNode {
  id: string;
  children: readonly SerialNode[];
}

const DIGITS = '零一二三四五六七八九';
const UNITS = ['', '十', '百', '千'];

/** 1 -> 一, 10 -> 十, 11 -> 十一, 20 -> 二十, 105 -> 一百零五 (below 10,000; larger counts fall back to digits). */
export function chineseNumeral(n: number): string {
  if (!Number.isInteger(n) || n <= 0 || n >= 10_000) return String(n);
  const digits = String(n).split('').map(Number);
  let out = '';
  let pendingZero = false;
  digits.forEach((d, i) => {
    const unit = UNITS[digits.length - 1 - i]!;
    if (d === 0) {
      pendingZero = out !== '';
      return;
    }
    if (pendingZero) out += '零';
    pendingZero = false;
    out += DIGITS[d]! + unit;
  });
  // 十一, not 一十一: the leading 一 of the tens is dropped when tens lead.
  return n >= 10 && n < 20 ? out.slice(1) : out;
}

/** The label of one node from its position: `path` holds the 1-based index at each level, top first. */
export function serialLabel(style: SerialStyle, path: readonly number[]): string {
  if (style === 'none' || path.length === 0) return '';
  if (style === 'decimal') return path.join('.');
  const n = path[path.length - 1]!;
  switch (path.length) {
    case 1:
      return `${chineseNumeral(n)}、`;
    case 2:
      return `（${chineseNumeral(n)}）`;
    case 3:
      return `${n}.`;
    default:
      return `(${n})`;
  }
}

/** Every node's label, by id, for a tree in display order ('' for every node when the style is none). */
export function serialLabels(tree: readonly SerialNode[], style: SerialStyle): Map<string, string> {
  const labels = new Map<string, string>();
  const walk = (nodes: readonly SerialNode[], prefix: readonly number[]) =>
    nodes.forEach((node, i) => {
      const path = [...prefix, i + 1];
      labels.set(node.id, serialLabel(style, path));
      walk(node.children, path);
    });
  walk(tree, []);
  return labels;
}

/** Nests flat nodes that list parents before children, in sibling order (the export file's `nodes`). */
export function nestNodes<T extends { id: string; parentId: string }>(nodes: readonly T[]): (T & { children: SerialNode[] })[] {
  const byId = new Map<string, T & { children: SerialNode[] }>();
  const top: (T & { children: SerialNode[] })[] = [];
  for (const node of nodes) {
    const nested = { ...node, children: [] as SerialNode[] };
    byId.set(node.id, nested);
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    (parent ? parent.children : top).push(nested);
  }
  return top;
}
