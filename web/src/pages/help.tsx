import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DocPage } from '../components/doc-page';
import { useTitle } from '../lib/title';

const SECTIONS = ['start', 'projects', 'documents', 'folders', 'recycle', 'account'] as const;

/** The user manual. */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('help.title'));
  return (
    <DocPage>
      <Typography.Title>{t('help.title')}</Typography.Title>
      {SECTIONS.map((key) => (
        <section key={key}>
          <Typography.Title level={2}>{t(`help.${key}.title`)}</Typography.Title>
          <Typography.Paragraph>{t(`help.${key}.text`)}</Typography.Paragraph>
        </section>
      ))}
    </DocPage>
  );
}
