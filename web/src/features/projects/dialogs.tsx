/** The console's dialogs: new project, new folder, clone, move to a folder, and a confirmation. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FolderNode, ProjectView } from '../../../../shared/schemas/project';
import { folderSaveBody, projectCreateBody, cloneQuery } from '../../../../shared/schemas/project';
import { Field, FormDialog } from '../../components/ui';
import { toast } from '../../components/toast';
import { useApiMutation, useApiQuery } from '../../lib/api';
import { useFieldErrors } from '../../lib/form';
import type { RouteId } from '../../../../shared/routes';

/** Every list a project change can affect. */
export const PROJECT_LISTS: RouteId[] = [
  'folder.list',
  'folder.tree',
  'project.personal',
  'project.created',
  'project.search',
  'project.favorites',
  'project.archives',
  'project.recycler',
  'project.editable',
  'project.get',
];

export function NewProjectDialog(props: { open: boolean; onClose: () => void; folderId: string | null }) {
  const { t } = useTranslation();
  const { errors, validate, fromServer } = useFieldErrors();
  const [values, setValues] = useState({ name: '', description: '', visibility: 'private' as 'private' | 'public' });
  const create = useApiMutation('project.create', { invalidates: PROJECT_LISTS });
  async function submit() {
    const body = validate(projectCreateBody, { ...values, folderId: props.folderId }, t);
    if (!body) return;
    try {
      await create.mutateAsync({ body });
      toast.success(t('projects.created'));
      setValues({ name: '', description: '', visibility: 'private' });
      props.onClose();
    } catch (err) {
      fromServer(err);
    }
  }
  return (
    <FormDialog title={t('projects.newProject')} open={props.open} onClose={props.onClose} onSubmit={submit} submitLabel={t('common.create')} busy={create.isPending}>
        <Field label={t('projects.name')} error={errors.name}>
          {(id, d) => <input id={id} aria-describedby={d} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} autoFocus />}
        </Field>
        <Field label={t('projects.description')} error={errors.description}>
          {(id, d) => <textarea id={id} aria-describedby={d} rows={3} value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />}
        </Field>
        <VisibilityChoice value={values.visibility} onChange={(visibility) => setValues({ ...values, visibility })} />
    </FormDialog>
  );
}

export function VisibilityChoice(props: { value: 'private' | 'public'; onChange: (v: 'private' | 'public') => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="radio-group">
      <legend>{t('projects.visibility')}</legend>
      {(['private', 'public'] as const).map((v) => (
        <label key={v}>
          <input type="radio" name="visibility" value={v} checked={props.value === v} onChange={() => props.onChange(v)} />
          <span>
            <strong>{t(`projects.${v}`)}</strong> <small>{t(`projects.${v}Hint`)}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function FolderDialog(props: { open: boolean; onClose: () => void; parentId: string | null; folder?: { id: string; name: string } }) {
  const { t } = useTranslation();
  const { errors, validate, fromServer } = useFieldErrors();
  const [name, setName] = useState(props.folder?.name ?? '');
  const save = useApiMutation('folder.save', { invalidates: PROJECT_LISTS });
  async function submit() {
    const body = validate(folderSaveBody, { id: props.folder?.id, name, parentId: props.parentId }, t);
    if (!body) return;
    try {
      await save.mutateAsync({ body });
      setName('');
      props.onClose();
    } catch (err) {
      fromServer(err);
    }
  }
  return (
    <FormDialog
      title={props.folder ? t('projects.renameFolder') : t('projects.newFolder')}
      open={props.open}
      onClose={props.onClose}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
    >
      <Field label={t('projects.folderName')} error={errors.name}>
        {(id, d) => <input id={id} aria-describedby={d} value={name} onChange={(e) => setName(e.target.value)} autoFocus />}
      </Field>
    </FormDialog>
  );
}

export function CloneDialog(props: { project: ProjectView; onClose: () => void }) {
  const { t } = useTranslation();
  const { errors, validate, fromServer } = useFieldErrors();
  const [name, setName] = useState(t('projects.copyName', { name: props.project.name }).slice(0, 64));
  const clone = useApiMutation('project.clone', { invalidates: PROJECT_LISTS });
  async function submit() {
    const query = validate(cloneQuery, { name }, t);
    if (!query) return;
    try {
      await clone.mutateAsync({ params: { id: props.project.id }, query });
      toast.success(t('projects.cloned'));
      props.onClose();
    } catch (err) {
      fromServer(err);
    }
  }
  return (
    <FormDialog title={t('projects.clone')} open onClose={props.onClose} onSubmit={submit} submitLabel={t('projects.clone')} busy={clone.isPending}>
      <Field label={t('projects.newName')} error={errors.name}>
        {(id, d) => <input id={id} aria-describedby={d} value={name} onChange={(e) => setName(e.target.value)} autoFocus />}
      </Field>
    </FormDialog>
  );
}

function FolderOptions({ nodes, depth }: { nodes: FolderNode[]; depth: number }) {
  return nodes.map((node) => (
    <FolderOption key={node.id} node={node} depth={depth} />
  ));
}
function FolderOption({ node, depth }: { node: FolderNode; depth: number }) {
  return (
    <>
      <option value={node.id}>{`${'\u00a0\u00a0'.repeat(depth)}▸ ${node.name}`}</option>
      <FolderOptions nodes={node.children} depth={depth + 1} />
    </>
  );
}

export function MoveDialog(props: { project: ProjectView; onClose: () => void }) {
  const { t } = useTranslation();
  const tree = useApiQuery('folder.tree', { params: { id: 'personal' } });
  const [target, setTarget] = useState(props.project.folderId ?? '0');
  const move = useApiMutation('project.move', { invalidates: PROJECT_LISTS });
  const submit = () =>
    move.mutateAsync({ params: { a: props.project.id, b: target } }).then(props.onClose, () => undefined);
  return (
    <FormDialog title={t('projects.moveTo')} open onClose={props.onClose} onSubmit={submit} submitLabel={t('projects.move')} busy={move.isPending}>
      <Field label={t('projects.folder')}>
        {(id) => (
          <select id={id} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="0">{t('projects.root')}</option>
            <FolderOptions nodes={tree.data ?? []} depth={1} />
          </select>
        )}
      </Field>
    </FormDialog>
  );
}

/** Asks before an action; stays open (and the client shows why) when the action fails. */
export function ConfirmDialog(props: { title: string; message: string; confirmLabel: string; danger?: boolean; onConfirm: () => Promise<unknown>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const submit = () => {
    setBusy(true);
    return props
      .onConfirm()
      .then(props.onClose, () => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <FormDialog title={props.title} open onClose={props.onClose} onSubmit={submit} submitLabel={props.confirmLabel} busy={busy} danger={props.danger}>
      <p>{props.message}</p>
    </FormDialog>
  );
}
