/**
 * Tree titles and full names. A tree title holds at most LIMITS.documentTitle characters (the spec's 1-30); an
 * imported operation's summary is often longer ("Creates list of users with given input array"). The title is then
 * that name cut visibly (an ellipsis, at a word's end where one is near), made distinct from its siblings by a
 * number, and the API keeps its full name in its content (`summary`), which the header and the exports show.
 */
import { LIMITS } from './constants';

const ELLIPSIS = '…';

/**
 * `text` in at most `limit` characters (code points): as it is when it fits, else cut with an ellipsis, at the end
 * of a word when one ends in the last third (names in scripts without spaces are cut at the limit). `suffix`
 * (` (2)`, which keeps sibling titles distinct) follows and counts in the limit.
 */
export function shortTitle(text: string, limit: number = LIMITS.documentTitle, suffix = ''): string {
  const chars = [...text];
  const room = limit - [...suffix].length;
  if (chars.length <= room) return `${text}${suffix}`;
  const keep = room - ELLIPSIS.length;
  let cut = chars.slice(0, keep);
  const wordEnd = cut.lastIndexOf(' ');
  if (chars[keep] !== ' ' && wordEnd >= Math.ceil((keep * 2) / 3)) cut = cut.slice(0, wordEnd);
  return `${cut.join('').trimEnd()}${ELLIPSIS}${suffix}`;
}

/** Is `title` the shortened form of `full` that shortTitle makes (with or without a distinguishing number)? */
export function isShortTitleOf(title: string, full: string): boolean {
  const stem = title.replace(/ \(\d+\)$/, '');
  if (!stem.endsWith(ELLIPSIS)) return false;
  const kept = stem.slice(0, -ELLIPSIS.length);
  return kept.length > 0 && full.startsWith(kept) && full.length > kept.length;
}

/**
 * An API's name as its header and the exports show it: its full `summary` while the tree title is that summary's
 * short form; once a person renames the document, the title they chose.
 */
export const fullNameOf = (title: string, content: { summary?: string } | undefined): string =>
  content?.summary && isShortTitleOf(title, content.summary) ? content.summary : title;
