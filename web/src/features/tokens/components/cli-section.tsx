/**
 * Getting the command line (issue 37): the one-file CLI this site serves (DOWNLOADS.cli), a download button and a
 * CI step that fetches it with curl and pushes a file to this project, with this site's address filled in.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DOWNLOADS } from '@shared/constants';

export function ciExample(origin: string, projectId: string) {
  return [
    `curl -fsSL ${origin}${DOWNLOADS.cli} -o apiloom.mjs`,
    `export APILOOM_URL=${origin}  # APILOOM_TOKEN: the CI secret`,
    `node apiloom.mjs push openapi.yaml --project ${projectId} --mode merge`,
  ].join('\n');
}

export function CliSection({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="cli-title">
      <Typography.Title level={3} id="cli-title">
        {t('tokens.cli.title')}
      </Typography.Title>
      <Typography.Paragraph>{t('tokens.cli.text')}</Typography.Paragraph>
      <Typography.Paragraph>
        <Button icon={<DownloadOutlined aria-hidden />} href={DOWNLOADS.cli} download>
          {t('tokens.cli.download')}
        </Button>
      </Typography.Paragraph>
      <pre className="cli-example" aria-label={t('tokens.cli.example')}>
        <code>{ciExample(window.location.origin, projectId)}</code>
      </pre>
    </section>
  );
}
