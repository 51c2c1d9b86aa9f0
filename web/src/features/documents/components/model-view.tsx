/** The rendered data model: its name as references use it, its description, its rows with models expanded, an example. */
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentOf } from '@shared/schemas/document';
import { LongText } from '../../../components/long-text';
import { exampleOf } from '../../../lib/param-example';
import { useModels, type ReadAs } from '../api';
import { MarkdownView } from './markdown-view';
import { ParamView } from './param-view';

export function ModelView({ id, c, readAs }: { id?: string; c: ContentOf<'model'>; readAs?: ReadAs }) {
  const { t } = useTranslation();
  const models = useModels([c.schema], readAs);
  const example = useMemo(() => JSON.stringify(exampleOf(c.schema, models), null, 2), [c.schema, models]);
  return (
    <div className="model-view">
      <Typography.Text code copyable className="model-name">
        {c.name}
      </Typography.Text>
      {c.description ? <MarkdownView source={c.description} /> : null}
      <ParamView title={t('docs.model.schema')} items={c.schema} models={models} self={id} />
      {c.schema.length ? (
        <section aria-label={t('docs.model.example')} className="example">
          <Typography.Title level={4}>
            {t('docs.model.example')} <Typography.Text copyable={{ text: example }} />
          </Typography.Title>
          <LongText className="code" text={example} label={t('docs.model.example')} region={false} language="json" />
        </section>
      ) : null}
    </div>
  );
}
