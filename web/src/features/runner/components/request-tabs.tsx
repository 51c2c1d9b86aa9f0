/**
 * The request being edited, by tab: path and query parameters, headers, the body, and (where scripts run) the
 * pre-request and post-response scripts, which an editor saves with the API document.
 */
import { Button, Flex, Input, Segmented, Tabs, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../components/page-loading';
import { DRAFT_BODY_TYPES, type RunDraft } from '../lib/draft';
import { RowsEditor } from './rows-editor';

const CodeEditor = lazy(() => import('../../../components/code-editor'));

/** Saving the scripts with the document: offered to its editors only. */
export interface ScriptSaving {
  /** Whether the scripts in the form differ from the document's. */
  unsaved: boolean;
  saving: boolean;
  save: () => void;
}

interface RequestTabsProps {
  draft: RunDraft;
  patch: (change: Partial<RunDraft>) => void;
  /** Whether scripts can run here (the tabs are left out where they cannot). */
  scripts: boolean;
  scriptSaving?: ScriptSaving;
}

export function RequestTabs({ draft, patch, scripts, scriptSaving }: RequestTabsProps) {
  const { t } = useTranslation();
  const scriptEditor = (which: 'preScript' | 'postScript', label: string) => (
    <div className="run-script">
      <Typography.Paragraph type="secondary">{t('runner.scriptHelp')}</Typography.Paragraph>
      <Suspense fallback={<PageLoading />}>
        <CodeEditor
          value={draft[which]}
          onChange={(text) => patch({ [which]: text })}
          language="javascript"
          label={label}
          minHeight={140}
        />
      </Suspense>
      {scriptSaving ? <SaveScripts {...scriptSaving} /> : null}
    </div>
  );
  return (
    <Tabs
      className="run-request"
      items={[
        {
          key: 'params',
          label: t('runner.tabs.params'),
          children: (
            <>
              <RowsEditor label={t('runner.pathParams')} rows={draft.pathParams} onChange={(pathParams) => patch({ pathParams })} />
              <RowsEditor label={t('runner.query')} rows={draft.query} onChange={(query) => patch({ query })} />
            </>
          ),
        },
        {
          key: 'headers',
          label: t('runner.tabs.headers'),
          children: <RowsEditor label={t('runner.tabs.headers')} rows={draft.headers} onChange={(headers) => patch({ headers })} />,
        },
        { key: 'body', label: t('runner.tabs.body'), children: <BodyEditor draft={draft} patch={patch} /> },
        ...(scripts
          ? [
              { key: 'pre', label: t('runner.tabs.pre'), children: scriptEditor('preScript', t('runner.preScriptLabel')) },
              { key: 'post', label: t('runner.tabs.post'), children: scriptEditor('postScript', t('runner.postScriptLabel')) },
            ]
          : []),
      ]}
    />
  );
}

function SaveScripts({ unsaved, saving, save }: ScriptSaving) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" className="run-script-save">
      <Button onClick={save} loading={saving} disabled={!unsaved}>
        {t('runner.saveScripts')}
      </Button>
      <Typography.Text type="secondary">{unsaved ? t('runner.scriptsUnsaved') : t('runner.scriptsSaved')}</Typography.Text>
    </Flex>
  );
}

function BodyEditor({ draft, patch }: Pick<RequestTabsProps, 'draft' | 'patch'>) {
  const { t } = useTranslation();
  const editor =
    draft.bodyType === 'none' ? (
      <Typography.Paragraph type="secondary">{t('runner.noBody')}</Typography.Paragraph>
    ) : draft.bodyType === 'form' || draft.bodyType === 'form-data' ? (
      <RowsEditor
        label={t('runner.bodyText')}
        rows={draft.form}
        onChange={(form) => patch({ form })}
        files={draft.bodyType === 'form-data'}
      />
    ) : (
      <Input.TextArea
        className="run-body-text"
        aria-label={t('runner.bodyText')}
        autoSize={{ minRows: 6, maxRows: 24 }}
        value={draft.bodyText}
        onChange={(e) => patch({ bodyText: e.target.value })}
      />
    );
  return (
    <>
      <Segmented
        aria-label={t('runner.bodyType')}
        value={draft.bodyType}
        onChange={(bodyType) => patch({ bodyType })}
        options={DRAFT_BODY_TYPES.map((x) => ({ value: x, label: t(`runner.bodyTypes.${x}`) }))}
      />
      {editor}
    </>
  );
}
