import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { EmptyState, Field, Spinner } from '../../components/ui';
import { toast } from '../../components/toast';
import { PROJECT_LISTS } from '../../features/projects/dialogs';
import { useApiMutation, useApiQuery } from '../../lib/api';
import type { ProjectSettingsContext } from './layout';

export function Component() {
  const { t } = useTranslation();
  const { project } = useOutletContext<ProjectSettingsContext>();
  const members = useApiQuery('project.members', { params: { id: project.id } });
  const transfer = useApiMutation('project.transfer', { invalidates: [...PROJECT_LISTS, 'project.members'] });
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string>();
  if (members.isPending) return <Spinner />;
  const candidates = (members.data ?? []).filter((m) => m.userId !== project.ownerId);
  if (project.role !== 'creator') return <div className="panel"><p className="muted">{t('transfer.onlyCreator')}</p></div>;
  if (!candidates.length) return <div className="panel"><EmptyState icon="users" title={t('transfer.noMembers')} description={t('transfer.noMembersHint')} /></div>;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!target) {
      setError(t('error.memberRequired'));
      return;
    }
    try {
      await transfer.mutateAsync({ params: { a: project.id, b: target } });
      toast.success(t('transfer.done'));
    } catch {
      // The client has shown the server's message.
    }
  }
  return (
    <form className="panel" onSubmit={(e) => void submit(e)}>
      <p className="muted">{t('transfer.text')}</p>
      <Field label={t('transfer.member')} error={error}>
        {(id, d) => (
          <select id={id} aria-describedby={d} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">{t('transfer.choose')}</option>
            {candidates.map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.nickname} ({t(`projects.roles.${m.role}`)})
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className="button button-primary" disabled={transfer.isPending}>
        {t('transfer.submit')}
      </button>
    </form>
  );
}
