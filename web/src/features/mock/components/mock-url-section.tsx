/** The document's mock URL (with the project's token when the reader may see it), copied with one click. */
import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tooltip, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentOf } from '@shared/schemas/document';
import type { ProjectView } from '@shared/schemas/project';
import { notify } from '../../../lib/notify';
import { withMockToken } from '../lib/mock-url';

interface MockUrlSectionProps {
  /** The mock URL, empty when this deployment has no mock server. */
  url: string;
  api: ContentOf<'api'>;
  projectMock: ProjectView['mock'];
}

export function MockUrlSection({ url, api, projectMock }: MockUrlSectionProps) {
  const { t } = useTranslation();
  const id = useId();
  const shownUrl = withMockToken(url, projectMock.tokenRequired ? projectMock.token : null);
  // Without a secure context there is no clipboard at all: that failure is reported the same way.
  const copyUrl = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(shownUrl))
      .then(
        () => notify.success(t('mock.urlCopied')),
        () => notify.error(t('mock.notCopied')),
      );
  return (
    <section className="mock-url" aria-labelledby={`${id}-url`}>
      <Typography.Title level={3} id={`${id}-url`}>
        {t('mock.url')}
      </Typography.Title>
      {url ? (
        <>
          <Flex gap={8} align="center" wrap>
            <span className={`method-tag method-${api.method}`}>{api.method}</span>
            <code className="mock-url-text" data-testid="mock-url">
              {shownUrl}
            </code>
            <Tooltip title={t('mock.copyUrl')}>
              <Button size="small" icon={<CopyOutlined aria-hidden />} aria-label={t('mock.copyUrl')} onClick={() => void copyUrl()} />
            </Tooltip>
          </Flex>
          <Typography.Paragraph type="secondary" className="mock-url-hints">
            {/[{:]/.test(api.path) ? <>{t('mock.pathParams')} </> : null}
            {projectMock.tokenRequired ? (projectMock.token ? t('mock.tokenIncluded') : t('mock.tokenUnknown')) : null}
          </Typography.Paragraph>
        </>
      ) : (
        <Alert type="info" showIcon title={t('mock.noBase')} />
      )}
    </section>
  );
}
