import { Alert, Button, Card, Radio, Space, Tree, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutletContext } from 'react-router';
import { atLeast } from '@shared/access';
import { SERIAL_STYLES, serialLabels, type SerialNode, type SerialStyle } from '@shared/serial-numbers';
import { useProjectChange } from '../../features/projects/api';
import { showServerError } from '../../lib/form';
import { notify } from '../../lib/notify';
import type { ProjectSettingsContext } from './layout';

const SAMPLE = [
  {
    id: 'folder',
    children: [
      { id: 'signIn', children: [] },
      { id: 'signUp', children: [{ id: 'sms', children: [] }] },
    ],
  },
  { id: 'errors', children: [] },
] satisfies SerialNode[];

/** The project setting 序号样式: how the tree, the document views and exports number folders and documents. */
export function Component() {
  const { t } = useTranslation();
  const { project } = useOutletContext<ProjectSettingsContext>();
  const [style, setStyle] = useState<SerialStyle>(project.serialStyle);
  const update = useProjectChange('project.update');
  const canEdit = atLeast(project.role, 'edit') && project.state === 'active';
  const labels = useMemo(() => serialLabels(SAMPLE, style), [style]);
  const treeData = useMemo(() => {
    interface Row {
      key: string;
      title: string;
      children: Row[];
    }
    const build = (nodes: readonly SerialNode[]): Row[] =>
      nodes.map((n) => ({
        key: n.id,
        title: [labels.get(n.id), t(`projectSettings.serial.sample.${n.id}` as 'projectSettings.serial.sample.folder')]
          .filter(Boolean)
          .join(' '),
        children: build(n.children),
      }));
    return build(SAMPLE);
  }, [labels, t]);

  async function save() {
    try {
      await update.mutateAsync({ body: { id: project.id, rev: project.rev, serialStyle: style } });
      notify.success(t('common.saved'));
    } catch (err) {
      showServerError(null, err);
    }
  }

  return (
    <Card>
      <Typography.Paragraph>{t('projectSettings.serial.text')}</Typography.Paragraph>
      <Space direction="vertical" size="large">
        <Radio.Group
          aria-label={t('projectSettings.serial.choice')}
          value={style}
          disabled={!canEdit}
          onChange={(e) => setStyle(e.target.value as SerialStyle)}
          options={SERIAL_STYLES.map((s) => ({ value: s, label: t(`projectSettings.serial.${s}`) }))}
        />
        <section aria-label={t('projectSettings.serial.preview')}>
          <Typography.Title level={2}>{t('projectSettings.serial.preview')}</Typography.Title>
          <Tree treeData={treeData} defaultExpandAll selectable={false} />
        </section>
        {canEdit ? (
          <Button type="primary" loading={update.isPending} disabled={style === project.serialStyle} onClick={() => void save()}>
            {t('projectSettings.serial.save')}
          </Button>
        ) : (
          <Alert
            type="info"
            showIcon
            title={project.state === 'archived' ? t('projectSettings.archivedReadOnly') : t('projectSettings.serial.readOnly')}
          />
        )}
      </Space>
    </Card>
  );
}
