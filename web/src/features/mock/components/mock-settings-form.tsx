/**
 * The mock's settings as a form: its type, then (unless it is off) the status, the delay, the body (or, for the
 * generated type, what it is generated from), the headers and the expectations, each with the server's message.
 */
import { Alert, Flex, Form, InputNumber, Radio, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentOf } from '@shared/schemas/document';
import { successResponse } from '@shared/schemas/document-kinds';
import { MOCK_LIMITS, MOCK_TYPES } from '@shared/schemas/mock';
import type { MockEditorState } from '../hooks/use-mock-editor';
import { bodyOf, errorsUnder, hasBody, withBody, withType, type MockDraft } from '../lib/draft';
import { BodyField } from './body-field';
import { ExpectationsEditor } from './expectations-editor';
import { HeadersEditor } from './headers-editor';

interface MockSettingsFormProps {
  editor: Pick<MockEditorState, 'draft' | 'errors' | 'change' | 'clearErrors'>;
  api: ContentOf<'api'>;
  readOnly: boolean;
}

export function MockSettingsForm({ editor, api, readOnly }: MockSettingsFormProps) {
  const { t } = useTranslation();
  const { draft, change } = editor;
  return (
    <Form layout="vertical" requiredMark={false} disabled={readOnly} component="div">
      <Form.Item label={t('mock.type')} className="mock-type">
        <Radio.Group
          aria-label={t('mock.type')}
          optionType="button"
          buttonStyle="solid"
          value={draft.type}
          onChange={(e) => change(withType(draft, e.target.value as MockDraft['type']), ['body', 'type'])}
          options={MOCK_TYPES.map((type) => ({ value: type, label: t(`mock.types.${type}`) }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t(`mock.typeHints.${draft.type}`)}</Typography.Paragraph>
      {draft.type === 'off' ? null : <AnswerFields editor={editor} api={api} readOnly={readOnly} />}
    </Form>
  );
}

function AnswerFields({ editor, api, readOnly }: MockSettingsFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const { draft, errors, change, clearErrors } = editor;
  const mocked = successResponse(api);
  const mockedBody = mocked?.body ?? [];
  return (
    <>
      <Flex gap={16} wrap>
        <Form.Item
          label={t('mock.status')}
          htmlFor={`${id}-status`}
          validateStatus={errors.status ? 'error' : undefined}
          help={errors.status}
        >
          <InputNumber
            id={`${id}-status`}
            min={100}
            max={599}
            precision={0}
            placeholder="200"
            value={draft.status}
            onChange={(status) => change({ ...draft, status }, ['status'])}
          />
        </Form.Item>
        <Form.Item
          label={t('mock.delay')}
          htmlFor={`${id}-delay`}
          validateStatus={errors.delay ? 'error' : undefined}
          help={errors.delay ?? t('mock.delayHint')}
        >
          <InputNumber
            id={`${id}-delay`}
            min={0}
            max={MOCK_LIMITS.delayMs}
            precision={0}
            step={100}
            placeholder="0"
            value={draft.delay}
            onChange={(delay) => change({ ...draft, delay }, ['delay'])}
          />
        </Form.Item>
      </Flex>

      {hasBody(draft.type) ? (
        <BodyField
          key={draft.type}
          kind={draft.type}
          label={t(`mock.body.${draft.type}`)}
          value={bodyOf(draft)}
          readOnly={readOnly}
          serverError={errors.body}
          onChange={(text) => change(withBody(draft, text), ['body'])}
        />
      ) : (
        <Alert
          type="info"
          className="form-alert"
          title={mockedBody.length ? t('mock.autoParams', { count: mockedBody.length, status: mocked?.status }) : t('mock.autoEmpty')}
        />
      )}

      <Typography.Title level={4} className="mock-subtitle">
        {t('mock.headers')}
      </Typography.Title>
      <HeadersEditor
        title={t('mock.headers')}
        headers={draft.headers}
        readOnly={readOnly}
        errors={errorsUnder(errors, 'headers')}
        onChange={(headers) => change({ ...draft, headers }, ['headers'])}
      />

      <Typography.Title level={4} className="mock-subtitle">
        {t('mock.expectations.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('mock.expectations.hint')}</Typography.Paragraph>
      <ExpectationsEditor
        expectations={draft.expectations}
        readOnly={readOnly}
        errors={errorsUnder(errors, 'expectations')}
        onChange={(expectations) => change({ ...draft, expectations }, ['expectations'])}
        onEdited={(index) => clearErrors([`expectations.${index}`])}
      />
    </>
  );
}
