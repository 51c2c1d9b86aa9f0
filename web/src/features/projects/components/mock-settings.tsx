/**
 * The project's mock switch and token (issue 13: "the mock toggle and token live in project settings"). A token is
 * made in the page from the browser's CSPRNG, shown to editors only, and saved with the project's revision like
 * every other project change.
 */
import { CopyOutlined, DeleteOutlined, KeyOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Space, Switch, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProjectView } from '@shared/schemas/project';
import { showServerError } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { randomToken } from '../../../lib/random-token';
import { useProjectChange } from '../api';

/** Keyed by the project's revision where it is used: after a save, it starts again from what the server kept. */
export function MockSettings({ project, canEdit }: { project: ProjectView; canEdit: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useProjectChange('project.update');
  const [enabled, setEnabled] = useState(project.mock.enabled);
  const [token, setToken] = useState<string | null>(project.mock.token);
  const dirty = enabled !== project.mock.enabled || (canEdit && token !== project.mock.token);
  const m = (key: string) => t(`projectSettings.mock.${key}`);

  async function save() {
    try {
      await update.mutateAsync({ body: { id: project.id, rev: project.rev, mockEnabled: enabled, mockToken: token } });
      notify.success(t('common.saved'));
    } catch (error) {
      showServerError(null, error);
    }
  }

  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(token ?? ''))
      .then(
        () => notify.success(m('copied')),
        () => notify.error(m('notCopied')),
      );

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card className="mock-project-settings">
        <Typography.Title level={2} id={`${id}-title`} className="settings-card-title">
          {m('title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{m('text')}</Typography.Paragraph>
        <Flex gap={12} align="center" className="settings-row">
          <Switch id={`${id}-enabled`} checked={enabled} disabled={!canEdit} onChange={setEnabled} />
          <label htmlFor={`${id}-enabled`}>{m('enabled')}</label>
        </Flex>
        <Typography.Paragraph type="secondary">{m('enabledHint')}</Typography.Paragraph>

        <Typography.Title level={3} className="settings-subtitle">
          {m('token')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{m('tokenHint')}</Typography.Paragraph>
        {canEdit ? (
          <>
            <Space.Compact block className="mock-token-row">
              <Input aria-label={m('token')} readOnly value={token ?? ''} placeholder={m('noToken')} className="code-input" />
              <Button icon={<CopyOutlined aria-hidden />} disabled={!token} onClick={() => void copy()}>
                {m('copy')}
              </Button>
            </Space.Compact>
            <Flex gap={8} wrap className="settings-row">
              <Button icon={<KeyOutlined aria-hidden />} onClick={() => setToken(randomToken())}>
                {m('generate')}
              </Button>
              <Button danger icon={<DeleteOutlined aria-hidden />} disabled={!token} onClick={() => setToken(null)}>
                {m('remove')}
              </Button>
            </Flex>
            <Flex gap={12} align="center" className="settings-row">
              <Button
                type="primary"
                icon={<SaveOutlined aria-hidden />}
                loading={update.isPending}
                disabled={!dirty}
                onClick={() => void save()}
              >
                {m('save')}
              </Button>
              {dirty ? <span className="unsaved-mark">{m('unsaved')}</span> : null}
            </Flex>
          </>
        ) : (
          <Alert type="info" showIcon title={project.mock.tokenRequired ? m('hidden') : m('noToken')} />
        )}
      </Card>
    </section>
  );
}
