import { atLeast } from '../../../../shared/access';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useOutletContext } from 'react-router';
import { projectUpdateBody } from '../../../../shared/schemas/project';
import { Field } from '../../components/ui';
import { toast } from '../../components/toast';
import { ConfirmDialog, PROJECT_LISTS, VisibilityChoice } from '../../features/projects/dialogs';
import { useApiMutation } from '../../lib/api';
import { useFieldErrors } from '../../lib/form';
import type { ProjectSettingsContext } from './layout';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { project } = useOutletContext<ProjectSettingsContext>();
  const { errors, validate, fromServer } = useFieldErrors();
  const [values, setValues] = useState({ name: project.name, description: project.description, visibility: project.visibility });
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);
  const update = useApiMutation('project.update', { invalidates: PROJECT_LISTS });
  const archive = useApiMutation('project.archive', { invalidates: PROJECT_LISTS });
  const recycle = useApiMutation('project.recycle', { invalidates: PROJECT_LISTS });
  const canEdit = atLeast(project.role, 'edit');
  const params = { params: { id: project.id } };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = validate(projectUpdateBody, { id: project.id, rev: project.rev, ...values }, t);
    if (!body) return;
    try {
      await update.mutateAsync({ body });
      toast.success(t('common.saved'));
    } catch (err) {
      fromServer(err);
    }
  }

  return (
    <>
      <form className="panel" onSubmit={(e) => void submit(e)} noValidate>
        <Field label={t('projects.name')} error={errors.name}>
          {(id, d) => <input id={id} aria-describedby={d} disabled={!canEdit} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />}
        </Field>
        <Field label={t('projects.description')} error={errors.description}>
          {(id, d) => <textarea id={id} rows={3} aria-describedby={d} disabled={!canEdit} value={values.description} onChange={(e) => setValues({ ...values, description: e.target.value })} />}
        </Field>
        <VisibilityChoice value={values.visibility} onChange={(visibility) => setValues({ ...values, visibility })} />
        {canEdit && project.state === 'active' ? (
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {t('common.save')}
          </button>
        ) : (
          <p className="muted">{project.state === 'archived' ? t('projectSettings.archivedReadOnly') : t('projectSettings.readOnly')}</p>
        )}
      </form>
      {atLeast(project.role, 'admin') && (
        <section className="panel danger-zone" aria-labelledby="danger-zone">
          <h2 id="danger-zone">{t('projectSettings.dangerZone')}</h2>
          {project.state === 'active' && (
            <div className="danger-row">
              <div>
                <strong>{t('projects.archive')}</strong>
                <p className="muted">{t('projectSettings.archiveText')}</p>
              </div>
              <button type="button" className="button" onClick={() => setConfirm('archive')}>
                {t('projects.archive')}
              </button>
            </div>
          )}
          <div className="danger-row">
            <div>
              <strong>{t('projects.delete')}</strong>
              <p className="muted">{t('projectSettings.deleteText')}</p>
            </div>
            <button type="button" className="button button-danger" onClick={() => setConfirm('delete')}>
              {t('projects.delete')}
            </button>
          </div>
        </section>
      )}
      {confirm === 'archive' && (
        <ConfirmDialog
          title={t('projects.archive')}
          message={t('projects.archiveConfirm', { name: project.name })}
          confirmLabel={t('projects.archive')}
          onConfirm={() => archive.mutateAsync(params).then(() => navigate('/dashboard?view=archived'))}
          onClose={() => setConfirm(null)}
        />
      )}
      {confirm === 'delete' && (
        <ConfirmDialog
          title={t('projects.delete')}
          message={t('projects.deleteConfirm', { name: project.name })}
          confirmLabel={t('projects.delete')}
          danger
          onConfirm={() => recycle.mutateAsync(params).then(() => navigate('/dashboard?view=recycle'))}
          onClose={() => setConfirm(null)}
        />
      )}
    </>
  );
}
