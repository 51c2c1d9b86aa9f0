/**
 * The scenario editor (issue 36): its ordered steps and its test data, saved against the revision that was read (a
 * save over someone else's newer one is refused, as with documents). Readers see the same screen with every
 * control disabled.
 */
import { SaveOutlined } from '@ant-design/icons';
import { Alert, Button, ConfigProvider, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scenarioContentV1, type ScenarioContent, type ScenarioView, type Step } from '@shared/schemas/scenario';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useScenarioChange } from '../api';
import { addStep, moveStep, removeStep, updateStep } from '../lib/steps';
import { DataSetEditor } from './data-set-editor';
import { StepList, type StepContext, type StepListActions } from './step-editor';

/** The first reason the schema refuses the draft, with where it is (`steps.2.condition.variable`). */
function invalidReason(content: ScenarioContent): string | null {
  const parsed = scenarioContentV1.safeParse(content);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
}

export function ScenarioEditor(props: { scenario: ScenarioView; canEdit: boolean; context: Omit<StepContext, 'documents'> }) {
  const { t } = useTranslation();
  const { scenario } = props;
  const [draft, setDraft] = useState<ScenarioContent>(scenario.content);
  const save = useScenarioChange('scenario.update');
  const dirty = JSON.stringify(draft) !== JSON.stringify(scenario.content);
  const invalid = dirty ? invalidReason(draft) : null;

  const setSteps = (change: (steps: Step[]) => Step[]) => setDraft((d) => ({ ...d, steps: change(d.steps) }));
  const actions: StepListActions = {
    change: (id, change) => setSteps((steps) => updateStep(steps, id, change)),
    move: (id, by) => setSteps((steps) => moveStep(steps, id, by)),
    remove: (id) => setSteps((steps) => removeStep(steps, id)),
    add: (parentId, step) => setSteps((steps) => addStep(steps, parentId, step)),
  };
  const context: StepContext = { ...props.context, documents: scenario.documents };

  const submit = async () => {
    try {
      const saved = await save.mutateAsync({
        body: { id: scenario.id, rev: scenario.rev, name: scenario.name, folderId: scenario.folderId, content: draft },
      });
      setDraft(saved.content);
      notify.success(t('scenario.saved'));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <ConfigProvider componentDisabled={!props.canEdit}>
      <div className="scenario-steps">
        {props.canEdit ? (
          <Space wrap>
            <Button
              type="primary"
              icon={<SaveOutlined aria-hidden />}
              disabled={!dirty || !!invalid}
              loading={save.isPending}
              onClick={() => void submit()}
            >
              {t('scenario.save')}
            </Button>
            {dirty ? <Tag color="warning">{t('scenario.unsaved')}</Tag> : null}
          </Space>
        ) : (
          <Alert type="info" showIcon title={t('scenario.readOnly')} />
        )}
        {invalid ? <Alert type="warning" showIcon title={t('scenario.invalid', { detail: invalid })} /> : null}
        {draft.steps.length === 0 ? <Typography.Text type="secondary">{t('scenario.noSteps')}</Typography.Text> : null}
        {props.canEdit || draft.steps.length ? <StepList steps={draft.steps} parentId={null} context={context} actions={actions} /> : null}
        <DataSetEditor value={draft.dataSet} canEdit={props.canEdit} onChange={(dataSet) => setDraft((d) => ({ ...d, dataSet }))} />
      </div>
    </ConfigProvider>
  );
}
