/** What changed between two versions of a document, line by line, with the `diff` library's line diff. */
import { Empty, Tag } from 'antd';
import { diffLines } from 'diff';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TypedContent } from '@shared/schemas/document';

/** A version as the lines a reader compares: the text of writing kinds, the JSON of structured ones. */
export function comparableText(doc: { name: string } & TypedContent): string {
  const body = (() => {
    switch (doc.type) {
      case 'doc':
        return doc.content.markdown;
      case 'richtext':
        return doc.content.html
          .replace(/<\/(p|h[1-6]|li|blockquote|pre|tr|div)>|<br\s*\/?>/gi, '\n')
          .replace(/<[^>]+>/g, '')
          .replace(/&nbsp;/g, ' ')
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&amp;/g, '&');
      default:
        return JSON.stringify(doc.content, null, 2);
    }
  })();
  return `# ${doc.name}\n${body.endsWith('\n') ? body : `${body}\n`}`;
}

export function HistoryDiff({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation();
  const parts = useMemo(() => diffLines(before, after), [before, after]);
  const added = parts.filter((p) => p.added).reduce((n, p) => n + (p.count ?? 0), 0);
  const removed = parts.filter((p) => p.removed).reduce((n, p) => n + (p.count ?? 0), 0);
  if (!added && !removed) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.same')} />;
  return (
    <section aria-label={t('history.changes')} className="diff">
      <p className="diff-summary">
        <Tag color="green">{t('history.added', { count: added })}</Tag>
        <Tag color="red">{t('history.removed', { count: removed })}</Tag>
        <span className="muted">{t('history.direction')}</span>
      </p>
      <pre className="diff-lines">
        {parts.map((part, i) => {
          const lines = part.value.replace(/\n$/, '').split('\n');
          if (part.added)
            return (
              <ins key={i} className="diff-add">
                {lines.map((l) => `+ ${l}\n`).join('')}
              </ins>
            );
          if (part.removed)
            return (
              <del key={i} className="diff-del">
                {lines.map((l) => `- ${l}\n`).join('')}
              </del>
            );
          return (
            <span key={i} className="diff-same">
              {lines.map((l) => `  ${l}\n`).join('')}
            </span>
          );
        })}
      </pre>
    </section>
  );
}
