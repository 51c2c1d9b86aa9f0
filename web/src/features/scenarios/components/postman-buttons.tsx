/**
 * Postman collections in and out of test scenarios (issue 36): an editor picks a collection file and it becomes a new
 * scenario; anyone who reads a scenario downloads it as a collection. What the conversion could not carry is said,
 * never dropped in silence (shared/scenarios/postman.ts lists it).
 */
import { ExportOutlined, ImportOutlined } from '@ant-design/icons';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadText } from '../../../lib/download';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { readPostmanExport, useImportPostman } from '../api';

type Notes = { at: string; what: string }[];
const notesText = (notes: Notes) => notes.map((n) => `${n.at}: ${n.what}`).join('; ');

export function PostmanImportButton(props: { projectId: string; onImported: (scenarioId: string) => void }) {
  const { t } = useTranslation();
  const importing = useImportPostman();
  const read = async (file: File) => {
    let collection: unknown;
    try {
      collection = JSON.parse(await file.text());
    } catch {
      notify.error(t('scenario.postman.notJson', { name: file.name }));
      return;
    }
    if (!collection || typeof collection !== 'object' || Array.isArray(collection)) {
      notify.error(t('scenario.postman.notJson', { name: file.name }));
      return;
    }
    try {
      const made = await importing.mutateAsync({ body: { projectId: props.projectId, collection: collection as Record<string, unknown> } });
      notify.success(t('scenario.postman.imported', { name: made.scenario.name }));
      if (made.notes.length) notify.info(t('scenario.postman.notes', { count: made.notes.length, list: notesText(made.notes) }));
      props.onImported(made.scenario.id);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  return (
    <Upload
      accept=".json,application/json"
      showUploadList={false}
      beforeUpload={(file) => {
        void read(file);
        // Read here, never sent as a form upload.
        return false;
      }}
    >
      <Button size="small" icon={<ImportOutlined aria-hidden />} loading={importing.isPending}>
        {t('scenario.postman.import')}
      </Button>
    </Upload>
  );
}

export function PostmanExportButton(props: { scenarioId: string; name: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const exportIt = async () => {
    setBusy(true);
    try {
      const { collection, notes } = await readPostmanExport(props.scenarioId);
      downloadText(`${props.name}.postman_collection.json`, JSON.stringify(collection, null, 2), 'application/json');
      if (notes.length) notify.info(t('scenario.postman.notes', { count: notes.length, list: notesText(notes) }));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<ExportOutlined aria-hidden />} loading={busy} onClick={() => void exportIt()}>
      {t('scenario.postman.export')}
    </Button>
  );
}
