/**
 * `/test` and `/test/test`: the spec's interface test page. A blank request to any address, with the environment of
 * a project the user picks (its variables and base address), and, for a signed-in user, "save as a new HTTP API
 * document" into a project they can edit, in a folder they choose. Anyone may use it; environments and saving
 * need a session.
 */
import { SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Layout, Select, TreeSelect, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { atLeast } from '@shared/access';
import { documentTitle } from '@shared/schemas/document';
import { AppHeader } from '../components/app-header';
import { FormModal } from '../components/form-modal';
import { LanguageSwitch } from '../components/language-switch';
import { LinkButton } from '../components/link-button';
import { hasSession, useCurrentUser } from '../features/auth/api/session';
import { UserMenu } from '../features/auth/components/user-menu';
import { useCreateDocument, useDocumentTree } from '../features/documents/api';
import { useEditableProjects } from '../features/projects/api';
import { folderOptions } from '../features/documents/lib/folder-options';
import { paramsFromJson } from '../features/documents/lib/json-params';
import { lastChildId } from '../features/documents/lib/tree-ids';
import { EnvironmentPicker } from '../features/environments/components/environment-picker';
import { RunPanel } from '../features/runner/components/run-panel';
import { blankDraft, canSend, type RunDraft } from '../features/runner/lib/draft';
import { runEngines } from '../features/runner/lib/engines';
import { apiContentFromDraft } from '../features/runner/lib/to-document';
import { zodRule } from '../lib/form';
import { notify } from '../lib/notify';
import { useTitle } from '../lib/title';
import { currentLocation, paths } from '../paths';
import { useRunEnvironment } from './workspace/run-tab';
import '../i18n/runner';

const PROJECT_KEY = 'apiloom.test.project';
const storedProject = () => {
  try {
    return localStorage.getItem(PROJECT_KEY);
  } catch {
    return null;
  }
};

/** The projects a user can edit: where environments are picked from and a request is saved to. */
function useEditableTargets(enabled: boolean) {
  const editable = useEditableProjects(enabled);
  return useMemo(() => (editable.data ?? []).filter((p) => p.state === 'active' && atLeast(p.role, 'edit')), [editable.data]);
}

interface SaveValues {
  projectId: string;
  parentId: string;
  name: string;
}

function SaveAsDocument(props: {
  draft: RunDraft;
  projects: { id: string; name: string }[];
  projectId: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SaveValues>();
  const first = props.projects.find((p) => p.id === props.projectId)?.id ?? props.projects[0]?.id ?? '';
  const projectId = Form.useWatch('projectId', form) ?? first;
  const tree = useDocumentTree(projectId);
  const nodes = tree.data ?? [];
  const create = useCreateDocument();
  return (
    <FormModal<SaveValues>
      title={t('runner.saveDialog')}
      form={form}
      okText={t('common.save')}
      initialValues={{ projectId: first, parentId: first, name: t('docs.untitled') }}
      onClose={props.onClose}
      onSubmit={async (values) => {
        const name = values.name.trim();
        const parentId = values.parentId || values.projectId;
        const created = await create.mutateAsync({
          body: {
            projectId: values.projectId,
            parentId,
            preId: lastChildId(nodes, values.projectId, parentId),
            name,
            type: 'api',
            content: apiContentFromDraft(props.draft, { description: name, paramsFromJson }),
          },
        });
        notify.success(t('runner.saved'));
        void navigate(paths.document.href(values.projectId, created.id));
      }}
    >
      <Form.Item name="projectId" label={t('runner.project')} rules={[{ required: true, message: t('v.required') }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={props.projects.map((p) => ({ value: p.id, label: p.name }))}
          onChange={(next: string) => form.setFieldValue('parentId', next)}
        />
      </Form.Item>
      <Form.Item name="parentId" label={t('runner.folder')}>
        <TreeSelect
          treeDefaultExpandAll
          treeData={[{ value: projectId, title: t('runner.rootFolder'), children: folderOptions(nodes, t) }]}
        />
      </Form.Item>
      <Form.Item name="name" label={t('runner.docName')} rules={[zodRule(documentTitle)]}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}

export function Component() {
  const { t } = useTranslation();
  useTitle(t('runner.blankTitle'));
  const signedIn = hasSession();
  const user = useCurrentUser({ ignoreRedirect: true });
  const projects = useEditableTargets(signedIn);
  const [chosenProject, setChosenProject] = useState<string | null>(storedProject);
  const projectId = signedIn && projects.some((p) => p.id === chosenProject) ? chosenProject : null;
  const { runEnv } = useRunEnvironment(projectId);
  const [saving, setSaving] = useState<RunDraft | null>(null);
  const [initial] = useState(blankDraft);
  const chooseProject = (next: string | null) => {
    setChosenProject(next);
    try {
      if (next) localStorage.setItem(PROJECT_KEY, next);
      else localStorage.removeItem(PROJECT_KEY);
    } catch {
      // The choice lasts for this page.
    }
  };
  const header = signedIn ? (
    <Flex gap={8} wrap align="center">
      <Select
        className="test-project"
        aria-label={t('runner.project')}
        value={projectId ?? ''}
        popupMatchSelectWidth={false}
        onChange={(next: string) => chooseProject(next || null)}
        options={[{ value: '', label: t('runner.noProject') }, ...projects.map((p) => ({ value: p.id, label: p.name }))]}
      />
      {projectId ? <EnvironmentPicker projectId={projectId} /> : null}
    </Flex>
  ) : null;
  return (
    <Layout className="workspace">
      <AppHeader
        home={signedIn ? paths.dashboard.href() : paths.home.href()}
        right={
          <>
            <LanguageSwitch />
            <UserMenu optional />
          </>
        }
      />
      <main className="test-page">
        <Typography.Title level={1}>{t('runner.blankTitle')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('runner.blankIntro')}</Typography.Paragraph>
        {signedIn ? null : (
          <Alert
            type="info"
            showIcon
            title={t('runner.signInToSave')}
            action={<LinkButton to={paths.login.href({ from: currentLocation() })}>{t('home.login')}</LinkButton>}
          />
        )}
        <RunPanel
          userId={user.data?.id ?? 'guest'}
          docId={null}
          initialDraft={initial}
          env={runEnv}
          engines={runEngines}
          header={header}
          actions={(draft) =>
            signedIn ? (
              <Button icon={<SaveOutlined aria-hidden />} disabled={!canSend(draft) || !projects.length} onClick={() => setSaving(draft)}>
                {t('runner.saveAsDoc')}
              </Button>
            ) : null
          }
        />
        {saving ? <SaveAsDocument draft={saving} projects={projects} projectId={projectId} onClose={() => setSaving(null)} /> : null}
      </main>
    </Layout>
  );
}
