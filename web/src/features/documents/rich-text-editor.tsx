/**
 * Rich text with Quill 2 (react-quill-new: react-quill itself does not run on React 19) and the toolbar of
 * spec section 2: headings 1-4, colours, lists and task lists, quotes, code blocks, alignment, links, images
 * and tables with row and column operations. What it produces is sanitised again wherever it is shown.
 */
import type Quill from 'quill';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import { LIMITS } from '../../../../shared/constants';
import { toast } from '../../components/toast';

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

const IMAGE_SIGNATURES: [string, number[]][] = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
  ['image/webp', [0x52, 0x49, 0x46, 0x46]],
];

/** The image type by its first bytes, never by its name or the browser's guess. */
export function imageTypeOf(bytes: Uint8Array): string | undefined {
  return IMAGE_SIGNATURES.find(([, sig]) => sig.every((b, i) => bytes[i] === b))?.[0];
}

const TABLE_ACTIONS = ['insertRowAbove', 'insertRowBelow', 'insertColumnLeft', 'insertColumnRight', 'deleteRow', 'deleteColumn', 'deleteTable'] as const;

export function RichTextEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const { t } = useTranslation();
  const toolbarId = `toolbar-${useId().replace(/:/g, '')}`;

  const modules = useMemo(() => {
    const table = (quill: Quill) => quill.getModule('table') as TableModule;
    const handlers: Record<string, (this: { quill: Quill }) => void> = {
      'table-insert'() {
        table(this.quill).insertTable(3, 3);
      },
      image() {
        const quill = this.quill;
        const input = document.createElement('input');
        input.type = 'file';
        input.accept = 'image/png,image/jpeg,image/gif,image/webp';
        input.onchange = async () => {
          const file = input.files?.[0];
          if (!file) return toast.error(t('richtext.chooseImage'));
          if (file.size > LIMITS.imageBytes) return toast.error(t('richtext.imageTooLarge'));
          const bytes = new Uint8Array(await file.arrayBuffer());
          const type = imageTypeOf(bytes);
          if (!type) return toast.error(t('richtext.notAnImage'));
          const reader = new FileReader();
          reader.onload = () => {
            const range = quill.getSelection(true);
            quill.insertEmbed(range.index, 'image', (reader.result as string).replace(/^data:[^;]*/, `data:${type}`), 'user');
          };
          reader.readAsDataURL(file);
        };
        input.click();
      },
    };
    for (const action of TABLE_ACTIONS) {
      handlers[`table-${action}`] = function () {
        table(this.quill)[action]();
      };
    }
    return { toolbar: { container: `#${toolbarId}`, handlers }, table: true };
  }, [toolbarId, t]);

  return (
    <div className="rich-text">
      <div id={toolbarId}>
        <span className="ql-formats">
          <select className="ql-header" defaultValue="" aria-label={t('richtext.heading')}>
            {[1, 2, 3, 4].map((h) => (
              <option key={h} value={h} />
            ))}
            <option value="" />
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
        </span>
        <span className="ql-formats table-tools">
          <button type="button" className="ql-table-insert text-tool">{t('richtext.table.insert')}</button>
          {TABLE_ACTIONS.map((action) => (
            <button key={action} type="button" className={`ql-table-${action} text-tool`}>
              {t(`richtext.table.${action}`)}
            </button>
          ))}
        </span>
      </div>
      <ReactQuill theme="snow" value={value} onChange={onChange} modules={modules} aria-label={t('richtext.editor')} />
    </div>
  );
}
