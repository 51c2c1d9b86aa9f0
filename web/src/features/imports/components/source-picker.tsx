/** Where an import comes from: a file (chosen or dropped), pasted text (a cURL command too), or a URL. */
import { InboxOutlined } from '@ant-design/icons';
import { Form, Input, Tabs, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES } from '@shared/constants';
import '../../../i18n/imports';
import { sizeText } from '../../../lib/bytes';

export type SourceKind = 'file' | 'paste' | 'url';
export interface SourceValue {
  kind: SourceKind;
  file: File | null;
  text: string;
  url: string;
}

/** What the file chooser offers; anything else can still be dropped, and the preview says what it is. */
export const IMPORT_ACCEPT = '.json,.yaml,.yml,.mjson,.har,.zip,.txt';

export function SourcePicker({ value, onChange }: { value: SourceValue; onChange: (next: SourceValue) => void }) {
  const { t } = useTranslation();
  const set = (patch: Partial<SourceValue>) => onChange({ ...value, ...patch });
  return (
    <Tabs
      activeKey={value.kind}
      onChange={(kind) => set({ kind: kind as SourceKind })}
      items={[
        {
          key: 'file',
          label: t('imports.sources.file'),
          children: (
            <>
              <Upload.Dragger
                accept={IMPORT_ACCEPT}
                multiple={false}
                showUploadList={false}
                beforeUpload={(file) => {
                  set({ file });
                  // Nothing is sent here: the preview reads the file, and the import uploads it.
                  return false;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined aria-hidden />
                </p>
                <p className="ant-upload-text">{t('imports.fileDrop')}</p>
                <p className="ant-upload-hint">{t('imports.fileHint', { mb: IMPORT_MAX_BYTES / 1024 / 1024 })}</p>
              </Upload.Dragger>
              {value.file ? (
                <Typography.Paragraph className="import-chosen">
                  {t('imports.chosen', { name: value.file.name, size: sizeText(value.file.size) })}
                </Typography.Paragraph>
              ) : null}
            </>
          ),
        },
        {
          key: 'paste',
          label: t('imports.sources.paste'),
          children: (
            <Form.Item label={t('imports.pasteLabel')} htmlFor="import-paste" layout="vertical">
              <Input.TextArea
                id="import-paste"
                rows={10}
                spellCheck={false}
                className="import-paste"
                placeholder={t('imports.pastePlaceholder')}
                value={value.text}
                onChange={(e) => set({ text: e.target.value })}
              />
            </Form.Item>
          ),
        },
        {
          key: 'url',
          label: t('imports.sources.url'),
          children: (
            <Form.Item label={t('imports.urlLabel')} htmlFor="import-url" extra={t('imports.urlHint')} layout="vertical">
              <Input
                id="import-url"
                type="url"
                inputMode="url"
                placeholder="https://example.com/openapi.json"
                value={value.url}
                onChange={(e) => set({ url: e.target.value })}
              />
            </Form.Item>
          ),
        },
      ]}
    />
  );
}
