/**
 * Rendered markdown, the one renderer of the document view, the share view, the HTTP API's description and the
 * editor's preview: sanitised GitHub-flavoured HTML, with code highlighted by a chunk loaded only when code shows.
 */
import { useEffect, useMemo, useState, type HTMLAttributes } from 'react';
import { markdownToSafeHtml, showsCode, type Highlighter } from '../lib/safe-html';

/** The highlighter once loaded: later pages start with it. */
let loaded: Highlighter | undefined;
let loading: Promise<Highlighter> | undefined;
const loadHighlighter = () => (loading ??= import('../lib/highlight').then((m) => (loaded = m.highlight)));

export function MarkdownView({
  source,
  className = '',
  as: Tag = 'div',
  ...rest
}: { source: string; className?: string; as?: 'div' | 'section' } & Omit<HTMLAttributes<HTMLElement>, 'dangerouslySetInnerHTML'>) {
  const [highlight, setHighlight] = useState<Highlighter | undefined>(() => loaded);
  const html = useMemo(() => markdownToSafeHtml(source, highlight), [source, highlight]);
  const wantsHighlighter = !highlight && showsCode(html);
  useEffect(() => {
    if (!wantsHighlighter) return;
    let current = true;
    void loadHighlighter().then((h) => {
      if (current) setHighlight(() => h);
    });
    return () => {
      current = false;
    };
  }, [wantsHighlighter]);
  return <Tag className={`markdown user-content ${className}`.trim()} {...rest} dangerouslySetInnerHTML={{ __html: html }} />;
}
