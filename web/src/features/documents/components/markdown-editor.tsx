/** Markdown with a live preview; an uploaded image or attachment lands at the cursor (or the end), on its own line. */
import { FileImageOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { insertBlock } from '../lib/insert-block';
import { MarkdownView } from './markdown-view';
import { useChooseAndUpload } from '../lib/uploads';

export function MarkdownEditor({ projectId, value, onChange }: { projectId: string; value: string; onChange: (markdown: string) => void }) {
  const { t } = useTranslation();
  const area = useRef<TextAreaRef>(null);
  const chooseAndUpload = useChooseAndUpload();
  // Where the writer last left the cursor; null until they have been in the text, then insertions go to the end.
  const cursor = useRef<number | null>(null);
  const remember = () => {
    const el = area.current?.resizableTextArea?.textArea;
    if (el) cursor.current = el.selectionStart;
  };

  const insert = async (kind: 'image' | 'attachment') => {
    const at = cursor.current;
    const file = await chooseAndUpload({ projectId }, kind);
    if (!file) return;
    // Brackets in a name would end the link text early.
    const label = file.name.replace(/[[\]]/g, '');
    const current = area.current?.resizableTextArea?.textArea.value ?? value;
    const next = insertBlock(
      current,
      at === null ? current.length : Math.min(at, current.length),
      `${kind === 'image' ? '!' : ''}[${label}](${file.url})`,
    );
    cursor.current = next.caret;
    onChange(next.text);
  };

  return (
    <div className="split">
      <div className="split-pane">
        <Space className="markdown-tools" size={4}>
          <Button size="small" icon={<FileImageOutlined aria-hidden />} onClick={() => void insert('image')}>
            {t('richtext.image')}
          </Button>
          <Button size="small" icon={<PaperClipOutlined aria-hidden />} onClick={() => void insert('attachment')}>
            {t('richtext.attachment')}
          </Button>
        </Space>
        <Input.TextArea
          ref={area}
          aria-label={t('docs.markdown')}
          className="code-input markdown-source"
          autoSize={{ minRows: 20, maxRows: 40 }}
          value={value}
          onChange={(e) => {
            onChange(e.target.value);
            cursor.current = e.target.selectionStart;
          }}
          onSelect={remember}
          onClick={remember}
          onKeyUp={remember}
        />
      </div>
      <MarkdownView as="section" source={value} className="split-pane preview" aria-label={t('docs.preview')} />
    </div>
  );
}
