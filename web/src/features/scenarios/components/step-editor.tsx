/**
 * One step of a scenario in the editor, and the list of steps it sits in: a request (an API document it refers to,
 * with overrides, or a request of its own; extractions, checks, conformance, scripts) or a control step (group,
 * loop, if, wait, call). Groups, loops and branches hold a step list of their own, edited the same way.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Dropdown, Input, InputNumber, Radio, Select, Space, Switch, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { HTTP_METHODS } from '@shared/schemas/document-kinds';
import {
  CONDITION_OPS,
  LOOP_KINDS,
  STEP_BODY_TYPES,
  type ReferencedDocument,
  type RequestStep,
  type Step,
  type StepType,
} from '@shared/schemas/scenario';
import { newStep } from '../lib/steps';
import { CheckRows, ExtractionRows, PairRows } from './rows';

const STEP_TYPES: StepType[] = ['request', 'group', 'loop', 'if', 'wait', 'call'];

/** What every step editor needs to know of the project. */
export interface StepContext {
  tree: DocumentTreeNode[];
  /** The state of each document the saved steps refer to (`scenario.get`): a gone one is flagged. */
  documents: ReferencedDocument[];
  /** Scenarios a call step may run (this one left out). */
  scenarios: { id: string; name: string }[];
  /** Readers get no controls that add, move or remove steps. */
  canEdit: boolean;
}

export interface StepListActions {
  change: (id: string, change: (step: Step) => Step) => void;
  move: (id: string, by: -1 | 1) => void;
  remove: (id: string) => void;
  add: (parentId: string | null, step: Step) => void;
}

export function AddStepButton({ parentId, actions, inside }: { parentId: string | null; actions: StepListActions; inside?: boolean }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: STEP_TYPES.map((type) => ({ key: type, label: t(`scenario.stepTypes.${type}`) })),
        onClick: ({ key }) => actions.add(parentId, newStep(key as StepType)),
      }}
    >
      <Button type="dashed" size={inside ? 'small' : 'middle'} icon={<PlusOutlined aria-hidden />}>
        {t(inside ? 'scenario.addInside' : 'scenario.addStep')}
      </Button>
    </Dropdown>
  );
}

export function StepList(props: { steps: Step[]; parentId: string | null; context: StepContext; actions: StepListActions }) {
  return (
    <div className={`scenario-steps${props.parentId ? ' scenario-step-nested' : ''}`}>
      {props.steps.map((step, i) => (
        <StepCard key={step.id} step={step} index={i} count={props.steps.length} context={props.context} actions={props.actions} />
      ))}
      {props.context.canEdit ? (
        <div>
          <AddStepButton parentId={props.parentId} actions={props.actions} inside={!!props.parentId} />
        </div>
      ) : null}
    </div>
  );
}

function StepCard(props: { step: Step; index: number; count: number; context: StepContext; actions: StepListActions }) {
  const { t } = useTranslation();
  const { step, actions } = props;
  const set = (patch: Partial<Step>) => actions.change(step.id, (s) => ({ ...s, ...patch }) as Step);
  const typeName = t(`scenario.stepTypes.${step.type}`);
  const label = `${props.index + 1}. ${typeName}${step.name ? ` ${step.name}` : ''}`;
  return (
    <Card
      size="small"
      className="scenario-step"
      role="group"
      aria-label={label}
      title={
        <Space wrap>
          <Tag>{`${props.index + 1}. ${typeName}`}</Tag>
          <Input
            size="small"
            style={{ width: 220 }}
            aria-label={`${t('scenario.step.name')} ${props.index + 1}`}
            placeholder={t('scenario.step.name')}
            value={step.name}
            maxLength={100}
            onChange={(e) => set({ name: e.target.value })}
          />
        </Space>
      }
      extra={
        props.context.canEdit ? (
          <Space size={2}>
            <Switch
              size="small"
              aria-label={`${t('scenario.step.enabled')} ${props.index + 1}`}
              checked={step.enabled}
              onChange={(enabled) => set({ enabled })}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined aria-hidden />}
              aria-label={`${t('scenario.step.up')} ${props.index + 1}`}
              disabled={props.index === 0}
              onClick={() => actions.move(step.id, -1)}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined aria-hidden />}
              aria-label={`${t('scenario.step.down')} ${props.index + 1}`}
              disabled={props.index === props.count - 1}
              onClick={() => actions.move(step.id, 1)}
            />
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`${t('scenario.step.remove')} ${props.index + 1}`}
              onClick={() => actions.remove(step.id)}
            />
          </Space>
        ) : null
      }
    >
      <StepBody step={step} context={props.context} actions={actions} set={set} />
    </Card>
  );
}

function StepBody({
  step,
  context,
  actions,
  set,
}: {
  step: Step;
  context: StepContext;
  actions: StepListActions;
  set: (patch: Partial<Step>) => void;
}) {
  const { t } = useTranslation();
  switch (step.type) {
    case 'request':
      return <RequestBody step={step} context={context} set={set} />;
    case 'group':
      return <StepList steps={step.steps} parentId={step.id} context={context} actions={actions} />;
    case 'loop':
      return (
        <>
          <div className="scenario-row">
            <Radio.Group
              aria-label={t('scenario.step.loopKind')}
              value={step.kind}
              options={LOOP_KINDS.map((value) => ({ value, label: t(`scenario.step.loopKinds.${value}`) }))}
              onChange={(e) => set({ kind: e.target.value as typeof step.kind })}
            />
            {step.kind === 'times' ? (
              <InputNumber
                aria-label={t('scenario.step.times')}
                addonBefore={t('scenario.step.times')}
                min={0}
                max={1000}
                value={step.times}
                onChange={(v) => set({ times: v ?? 0 })}
              />
            ) : (
              <>
                <Input
                  style={{ width: 180 }}
                  addonBefore={t('scenario.step.arrayVariable')}
                  aria-label={t('scenario.step.arrayVariable')}
                  value={step.variable}
                  onChange={(e) => set({ variable: e.target.value })}
                />
                <Input
                  style={{ width: 180 }}
                  addonBefore={t('scenario.step.itemVariable')}
                  aria-label={t('scenario.step.itemVariable')}
                  value={step.itemVariable}
                  onChange={(e) => set({ itemVariable: e.target.value })}
                />
              </>
            )}
          </div>
          <StepList steps={step.steps} parentId={step.id} context={context} actions={actions} />
        </>
      );
    case 'if':
      return (
        <>
          <div className="scenario-row">
            <Input
              style={{ width: 200 }}
              addonBefore={t('scenario.step.conditionVariable')}
              aria-label={t('scenario.step.conditionVariable')}
              value={step.condition.variable}
              onChange={(e) => set({ condition: { ...step.condition, variable: e.target.value } })}
            />
            <Select
              style={{ width: 120 }}
              aria-label={t('scenario.step.op')}
              value={step.condition.op}
              options={CONDITION_OPS.map((value) => ({ value, label: t(`scenario.step.ops.${value}`) }))}
              onChange={(op) => set({ condition: { ...step.condition, op } })}
            />
            {step.condition.op === 'exists' || step.condition.op === 'notExists' ? null : (
              <Input
                style={{ width: 200 }}
                aria-label={t('scenario.step.expected')}
                value={step.condition.value}
                onChange={(e) => set({ condition: { ...step.condition, value: e.target.value } })}
              />
            )}
          </div>
          <StepList steps={step.steps} parentId={step.id} context={context} actions={actions} />
        </>
      );
    case 'wait':
      return (
        <InputNumber
          aria-label={t('scenario.step.waitMs')}
          addonBefore={t('scenario.step.waitMs')}
          min={0}
          max={60_000}
          value={step.ms}
          onChange={(v) => set({ ms: v ?? 0 })}
        />
      );
    case 'call':
      return (
        <Select
          style={{ width: 320 }}
          aria-label={t('scenario.step.callScenario')}
          placeholder={t('scenario.step.callScenario')}
          value={step.scenarioId || undefined}
          options={context.scenarios.map((s) => ({ value: s.id, label: s.name }))}
          onChange={(scenarioId: string) => set({ scenarioId })}
        />
      );
  }
}

interface TreeOption {
  value: string;
  title: string;
  selectable: boolean;
  children: TreeOption[];
}
/** The project's tree as a picker's options: API documents can be chosen, folders hold them. */
const documentOptions = (nodes: DocumentTreeNode[]): TreeOption[] =>
  nodes
    .filter((n) => n.type === 'api' || n.type === 'folder')
    .map((n) => ({ value: n.id, title: n.name, selectable: n.type === 'api', children: documentOptions(n.children) }));

function RequestBody({ step, context, set }: { step: RequestStep; context: StepContext; set: (patch: Partial<RequestStep>) => void }) {
  const { t } = useTranslation();
  const overrides = step.overrides;
  const source = step.source;
  const gone = source.kind === 'document' ? context.documents.find((d) => d.id === source.documentId && d.state !== 'ok') : undefined;
  return (
    <>
      <div className="scenario-row">
        <Radio.Group
          aria-label={t('scenario.step.source')}
          value={source.kind}
          options={(['adhoc', 'document'] as const).map((value) => ({ value, label: t(`scenario.step.sources.${value}`) }))}
          onChange={(e) =>
            set({
              source: e.target.value === 'document' ? { kind: 'document', documentId: '' } : { kind: 'adhoc', method: 'GET', url: '' },
            })
          }
        />
      </div>
      {source.kind === 'document' ? (
        <div className="scenario-row">
          <TreeSelect
            style={{ width: 360 }}
            aria-label={t('scenario.step.document')}
            placeholder={t('scenario.step.document')}
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            value={source.documentId || undefined}
            treeData={documentOptions(context.tree)}
            onChange={(documentId: string) => set({ source: { kind: 'document', documentId } })}
          />
          <Input
            style={{ width: 280 }}
            aria-label={t('scenario.step.pathOverride')}
            addonBefore={t('scenario.step.pathOverride')}
            placeholder={t('scenario.step.pathOverridePlaceholder')}
            value={overrides.path ?? ''}
            onChange={(e) => set({ overrides: { ...overrides, path: e.target.value || undefined } })}
          />
        </div>
      ) : (
        <Space.Compact style={{ width: '100%' }}>
          <Select
            style={{ width: 110 }}
            aria-label={t('scenario.step.method')}
            value={source.method}
            options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
            onChange={(method) => set({ source: { ...source, method } })}
          />
          <Input
            aria-label={t('scenario.step.url')}
            placeholder={t('scenario.step.urlPlaceholder', { example: '/users/{{id}}' })}
            value={source.url}
            onChange={(e) => set({ source: { ...source, url: e.target.value } })}
          />
        </Space.Compact>
      )}
      {gone ? (
        <Alert
          type="error"
          showIcon
          icon={<WarningOutlined aria-hidden />}
          // The bin and a deletion keep no name for the step to show: then the reason alone.
          title={
            gone.title
              ? t(`scenario.step.documentGone.${gone.state as 'deleted'}`, { title: gone.title })
              : t(`scenario.step.documentGoneUnnamed.${gone.state as 'deleted'}`)
          }
        />
      ) : null}
      <PairRows label={t('scenario.step.query')} rows={overrides.query} onChange={(query) => set({ overrides: { ...overrides, query } })} />
      <PairRows
        label={t('scenario.step.headers')}
        rows={overrides.headers}
        onChange={(headers) => set({ overrides: { ...overrides, headers } })}
      />
      <div role="group" aria-label={t('scenario.step.body')}>
        <div className="scenario-row">
          <strong>{t('scenario.step.body')}</strong>
          <Radio.Group
            size="small"
            aria-label={t('scenario.step.body')}
            value={overrides.body?.type ?? 'none'}
            options={STEP_BODY_TYPES.map((value) => ({ value, label: t(`scenario.step.bodyTypes.${value}`) }))}
            onChange={(e) => {
              const type = e.target.value as (typeof STEP_BODY_TYPES)[number];
              set({ overrides: { ...overrides, body: type === 'none' ? undefined : { type, text: overrides.body?.text ?? '' } } });
            }}
          />
        </div>
        {overrides.body ? (
          <Input.TextArea
            aria-label={t('scenario.step.body')}
            autoSize={{ minRows: 2, maxRows: 12 }}
            value={overrides.body.text}
            onChange={(e) => set({ overrides: { ...overrides, body: { type: overrides.body!.type, text: e.target.value } } })}
          />
        ) : null}
      </div>
      <ExtractionRows rows={step.extract} onChange={(extract) => set({ extract })} />
      <CheckRows rows={step.checks} onChange={(checks) => set({ checks })} />
      {source.kind === 'document' ? (
        <div className="scenario-row">
          <Checkbox checked={step.conformance} onChange={(e) => set({ conformance: e.target.checked })}>
            {t('scenario.step.conformance')}
          </Checkbox>
          {step.conformance ? (
            <Checkbox checked={step.forbidExtraFields} onChange={(e) => set({ forbidExtraFields: e.target.checked })}>
              {t('scenario.step.forbidExtra')}
            </Checkbox>
          ) : null}
        </div>
      ) : null}
      <details>
        <summary>{`${t('scenario.step.preScript')} / ${t('scenario.step.postScript')}`}</summary>
        <Input.TextArea
          aria-label={t('scenario.step.preScript')}
          placeholder={t('scenario.step.preScript')}
          autoSize={{ minRows: 2, maxRows: 12 }}
          className="code-text"
          value={step.preScript}
          onChange={(e) => set({ preScript: e.target.value })}
        />
        <Input.TextArea
          aria-label={t('scenario.step.postScript')}
          placeholder={t('scenario.step.postScript')}
          autoSize={{ minRows: 2, maxRows: 12 }}
          className="code-text"
          value={step.postScript}
          onChange={(e) => set({ postScript: e.target.value })}
        />
      </details>
    </>
  );
}
