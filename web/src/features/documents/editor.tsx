/** The edit form of every kind: the title, then the kind's own editor. Saving belongs to the page (Ctrl+S). */
import { str } from './str';
import { useTranslation } from 'react-i18next';
import { API_STATUSES, HTTP_METHODS, REQUEST_TYPES, RESPONSE_FORMATS, type DocumentType, type ParamItem } from '../../../../shared/schemas/document';
import { lazy, Suspense, useRef } from 'react';
import { Field, Spinner } from '../../components/ui';
import { ParamEditor } from './param-editor';
// Quill is large and only editors need it: load it with the first rich text edit.
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));
import { markdownToSafeHtml } from './safe-html';
import { chooseAndUpload } from './uploads';

export type Content = Record<string, unknown>;

const PARAM_LISTS = ['reqHeaders', 'reqPath', 'reqQuery', 'reqBody', 'respHeaders', 'respBody'] as const;

export function ContentEditor(props: {
  projectId: string;
  type: DocumentType;
  content: Content;
  onChange: (c: Content) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { content: c, onChange, errors } = props;
  const set = (key: string, value: unknown) => onChange({ ...c, [key]: value });
  const text = (key: string, label: string, opts: { multiline?: boolean } = {}) => (
    <Field label={label} error={errors[`content.${key}`]}>
      {(id, d) =>
        opts.multiline ? (
          <textarea id={id} aria-describedby={d} rows={4} value={str(c[key], '')} onChange={(e) => set(key, e.target.value)} />
        ) : (
          <input id={id} aria-describedby={d} value={str(c[key], '')} onChange={(e) => set(key, e.target.value)} />
        )
      }
    </Field>
  );

  /** A select over a fixed list; the first option is the schema's default. */
  const choice = (key: string, label: string, options: readonly string[], show: (o: string) => string = (o) => o) => (
    <Field label={label}>
      {(id) => (
        <select id={id} value={str(c[key], options[0])} onChange={(e) => set(key, e.target.value)}>
          {options.map((o) => (
            <option key={o} value={o}>
              {show(o)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  switch (props.type) {
    case 'doc':
      return <MarkdownEditor projectId={props.projectId} value={str(c.markdown, '')} onChange={(markdown) => set('markdown', markdown)} />;
    case 'api':
      return (
        <>
          <div className="api-edit-line">
            {choice('method', t('docs.api.method'), HTTP_METHODS)}
            {text('path', t('docs.api.path'))}
            {choice('status', t('docs.api.status'), API_STATUSES, (s) => t(`docs.status.${s}`))}
            {choice('requestType', t('docs.api.requestType'), REQUEST_TYPES)}
            {choice('respFormat', t('docs.api.respFormat'), RESPONSE_FORMATS)}
            <label className="check-field">
              <input type="checkbox" checked={c.valid !== false} onChange={(e) => set('valid', e.target.checked)} /> {t('docs.api.valid')}
            </label>
          </div>
          {text('description', t('docs.api.description'), { multiline: true })}
          {PARAM_LISTS.map((key) => (
            <ParamEditor key={key} title={t(`docs.api.${key}`)} items={(c[key] as ParamItem[] | undefined) ?? []} onChange={(items) => set(key, items)} />
          ))}
        </>
      );
    case 'embed':
      return (
        <>
          {text('url', t('docs.url'))}
          {text('width', t('docs.width'))}
          {text('height', t('docs.height'))}
        </>
      );
    case 'link':
      return text('url', t('docs.url'));
    case 'errorcode': {
      const rows = (c.rows as { code: string; message: string; description: string }[] | undefined) ?? [];
      const setRow = (i: number, key: string, value: string) => set('rows', rows.map((r, j) => (j === i ? { ...r, [key]: value } : r)));
      return (
        <section className="doc-section">
          {rows.map((r, i) => (
            <div className="errorcode-row" key={i}>
              <input aria-label={`${t('docs.errorcode.code')} ${i + 1}`} value={r.code} onChange={(e) => setRow(i, 'code', e.target.value)} />
              <input aria-label={`${t('docs.errorcode.message')} ${i + 1}`} value={r.message} onChange={(e) => setRow(i, 'message', e.target.value)} />
              <input aria-label={`${t('docs.param.description')} ${i + 1}`} value={r.description} onChange={(e) => setRow(i, 'description', e.target.value)} />
              <button type="button" className="text-button danger" onClick={() => set('rows', rows.filter((_, j) => j !== i))}>
                ×
              </button>
            </div>
          ))}
          <button type="button" className="button" onClick={() => set('rows', [...rows, { code: '', message: '', description: '' }])}>
            {t('docs.errorcode.add')}
          </button>
        </section>
      );
    }
    case 'richtext':
      return (
        <Suspense fallback={<Spinner />}>
          <RichTextEditor projectId={props.projectId} value={str(c.html)} onChange={(html) => set('html', html)} />
        </Suspense>
      );
    case 'softlink':
      return text('targetId', t('docs.target'));
    case 'folder':
      return null;
  }
}

/** Markdown with live preview; images and attachments upload and land at the cursor as markdown. */
function MarkdownEditor({ projectId, value, onChange }: { projectId: string; value: string; onChange: (markdown: string) => void }) {
  const { t } = useTranslation();
  const area = useRef<HTMLTextAreaElement>(null);
  const insert = async (kind: 'image' | 'attachment') => {
    const at = area.current?.selectionStart ?? value.length;
    const file = await chooseAndUpload(projectId, kind);
    if (!file) return;
    // Brackets in a name would end the link text early.
    const label = file.name.replace(/[[\]]/g, '');
    const current = area.current?.value ?? value;
    onChange(`${current.slice(0, at)}${kind === 'image' ? '!' : ''}[${label}](${file.url})${current.slice(at)}`);
  };
  return (
    <div className="split">
      <div>
        <div className="markdown-tools">
          <button type="button" className="text-button" onClick={() => void insert('image')}>
            {t('richtext.image')}
          </button>
          <button type="button" className="text-button" onClick={() => void insert('attachment')}>
            {t('richtext.attachment')}
          </button>
        </div>
        <Field label={t('docs.markdown')}>
          {(id) => <textarea id={id} ref={area} className="code-input" rows={22} value={value} onChange={(e) => onChange(e.target.value)} />}
        </Field>
      </div>
      <div className="markdown preview" aria-label={t('docs.preview')} dangerouslySetInnerHTML={{ __html: markdownToSafeHtml(value) }} />
    </div>
  );
}
