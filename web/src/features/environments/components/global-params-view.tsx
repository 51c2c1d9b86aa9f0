/**
 * The global parameters that apply to an HTTP API, shown under its document and marked as global: the chosen
 * environment's own when it has them, else the project's. They are not part of the document and never written into it.
 */
import { Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GlobalParamRow } from '@shared/schemas/environment';
import { useEnvironments, useGlobalParams } from '../api';
import { effectiveGlobals, type GlobalPlace } from '../lib/globals';
import { useChosenEnvironment } from '../lib/local';

export function GlobalParamsView({ projectId, shareToken }: { projectId: string; shareToken?: string }) {
  const { t } = useTranslation();
  const params = useGlobalParams(projectId, { shareToken });
  // A share reader reads no environments: the project's global parameters apply.
  const envs = useEnvironments(projectId, !shareToken);
  const [chosen] = useChosenEnvironment(projectId);
  const env = envs.data?.find((e) => e.id === chosen);
  const rows = effectiveGlobals(params.data?.value, env?.globalParams);
  if (!rows.length) return null;
  type Row = { key: number; place: GlobalPlace; row: GlobalParamRow };
  return (
    <section className="global-params-view" aria-labelledby="global-params-title">
      <Typography.Title level={3} id="global-params-title">
        {t('env.globals')}
      </Typography.Title>
      <Table<Row>
        size="small"
        pagination={false}
        dataSource={rows.map((r, key) => ({ ...r, key }))}
        components={{ table: (p: object) => <table {...p} aria-label={t('env.globals')} /> }}
        columns={[
          { key: 'where', title: t('env.rowWhere'), render: (_, r) => t(`env.where.${r.place}`) },
          {
            key: 'name',
            title: t('env.rowName'),
            render: (_, r) => (
              <>
                <code>{r.row.name}</code> <Tag color="purple">{t('env.globalTag')}</Tag>
              </>
            ),
          },
          { key: 'value', title: t('env.rowValue'), render: (_, r) => <span className="break-all">{r.row.value}</span> },
          { key: 'required', title: t('env.rowRequired'), render: (_, r) => (r.row.required ? t('docs.yes') : t('docs.no')) },
          { key: 'description', title: t('env.description'), render: (_, r) => r.row.description },
        ]}
      />
    </section>
  );
}
