/**
 * Rich text with Quill 2 (react-quill-new: react-quill itself does not run on React 19) and the toolbar of
 * spec section 2: headings 1-4, colours, lists and task lists, quotes, code blocks, alignment, links, images and
 * attachments (uploaded to S3, see uploads.ts) and tables with row and column operations. What it produces is
 * sanitised again wherever it is shown.
 */
import type Quill from 'quill';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { PaperClipOutlined } from '@ant-design/icons';
import { sanitizeHtml } from '../lib/safe-html';
import { useChooseAndUpload } from '../lib/uploads';

interface TableModule {
  insertTable(rows: number, columns: number): void;
  insertRowAbove(): void;
  insertRowBelow(): void;
  insertColumnLeft(): void;
  insertColumnRight(): void;
  deleteRow(): void;
  deleteColumn(): void;
  deleteTable(): void;
}

/**
 * The formats the toolbar offers, and nothing else: in particular not Quill's `video`, which turns stored
 * `<iframe class="ql-video">` markup into a live, unsandboxed frame inside the editor.
 */
const FORMATS = [
  'header',
  'color',
  'background',
  'bold',
  'italic',
  'underline',
  'strike',
  'list',
  'blockquote',
  'code-block',
  'code',
  'align',
  'indent',
  'link',
  'image',
  'table',
];

const TABLE_ACTIONS = [
  'insertRowAbove',
  'insertRowBelow',
  'insertColumnLeft',
  'insertColumnRight',
  'deleteRow',
  'deleteColumn',
  'deleteTable',
] as const;

export function RichTextEditor({
  projectId,
  value,
  onChange,
}: {
  projectId: string;
  value: string;
  onChange: (html: string, byUser: boolean) => void;
}) {
  const { t } = useTranslation();
  const toolbarId = `toolbar-${useId().replace(/:/g, '')}`;
  const chooseAndUpload = useChooseAndUpload();

  const modules = useMemo(() => {
    const table = (quill: Quill) => quill.getModule('table') as TableModule;
    const handlers: Record<string, (this: { quill: Quill }) => void> = {
      'table-insert'() {
        table(this.quill).insertTable(3, 3);
      },
      image() {
        const quill = this.quill;
        const at = quill.getSelection(true).index;
        void chooseAndUpload({ projectId }, 'image').then((file) => {
          if (file) quill.insertEmbed(at, 'image', file.url, 'user');
        });
      },
      attachment() {
        const quill = this.quill;
        const at = quill.getSelection(true).index;
        void chooseAndUpload({ projectId }, 'attachment').then((file) => {
          if (!file) return;
          // A link to /files/ is shown with a paperclip (styles.css), so the content stays just a link.
          quill.insertText(at, file.name, { link: file.url }, 'user');
          quill.insertText(at + file.name.length, ' ', { link: false }, 'user');
        });
      },
    };
    for (const action of TABLE_ACTIONS) {
      handlers[`table-${action}`] = function () {
        table(this.quill)[action]();
      };
    }
    return { toolbar: { container: `#${toolbarId}`, handlers }, table: true };
  }, [toolbarId, projectId, chooseAndUpload]);

  // Stored HTML is sanitised once, before Quill first parses it, as it is before it is shown. The editor is then
  // uncontrolled: feeding its own output back through the sanitiser would reset the caret on every keystroke.
  const [initialValue] = useState(() => sanitizeHtml(value));

  return (
    <div className="rich-text">
      <div id={toolbarId}>
        <span className="ql-formats">
          <select className="ql-header" defaultValue="" aria-label={t('richtext.heading')}>
            {/* Quill's picker shows an option's text as its label (data-label), so headings read in the UI's language. */}
            {[1, 2, 3, 4].map((h) => (
              <option key={h} value={h}>
                {t('richtext.headingLevel', { level: h })}
              </option>
            ))}
            <option value="">{t('richtext.normal')}</option>
          </select>
          <select className="ql-color" aria-label={t('richtext.color')} />
          <select className="ql-background" aria-label={t('richtext.background')} />
        </span>
        <span className="ql-formats">
          <button type="button" className="ql-bold" aria-label={t('richtext.bold')} />
          <button type="button" className="ql-list" value="ordered" aria-label={t('richtext.ordered')} />
          <button type="button" className="ql-list" value="bullet" aria-label={t('richtext.bullet')} />
          <button type="button" className="ql-list" value="check" aria-label={t('richtext.task')} />
          <button type="button" className="ql-blockquote" aria-label={t('richtext.quote')} />
          <button type="button" className="ql-code-block" aria-label={t('richtext.code')} />
          <select className="ql-align" aria-label={t('richtext.align')} />
        </span>
        <span className="ql-formats">
          <button type="button" className="ql-link" aria-label={t('richtext.link')} />
          <button type="button" className="ql-image" aria-label={t('richtext.image')} />
          <button type="button" className="ql-attachment" aria-label={t('richtext.attachment')}>
            <PaperClipOutlined aria-hidden />
          </button>
        </span>
        <span className="ql-formats table-tools">
          <button type="button" className="ql-table-insert text-tool">
            {t('richtext.table.insert')}
          </button>
          {TABLE_ACTIONS.map((action) => (
            <button key={action} type="button" className={`ql-table-${action} text-tool`}>
              {t(`richtext.table.${action}`)}
            </button>
          ))}
        </span>
      </div>
      <ReactQuill
        theme="snow"
        defaultValue={initialValue}
        onChange={(html, _delta, source) => onChange(html, source === 'user')}
        modules={modules}
        formats={FORMATS}
        aria-label={t('richtext.editor')}
      />
    </div>
  );
}
