/** The environment chosen for a project in this browser, in the workspace's header; the choice persists per project. */
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEnvironments } from '../api';
import { useChosenEnvironment } from '../lib/local';

const NONE = '';

export function EnvironmentPicker({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const envs = useEnvironments(projectId);
  const [chosen, choose] = useChosenEnvironment(projectId);
  const list = envs.data ?? [];
  if (!list.length) return null;
  const value = list.some((e) => e.id === chosen) ? chosen! : NONE;
  return (
    <Select
      className="environment-picker"
      aria-label={t('env.picker')}
      value={value}
      popupMatchSelectWidth={false}
      onChange={(next: string) => choose(next === NONE ? null : next)}
      options={[{ value: NONE, label: t('env.pickerNone') }, ...list.map((e) => ({ value: e.id, label: e.name }))]}
    />
  );
}
