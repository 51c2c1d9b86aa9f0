/** What the last send came to: a warning for unfilled variables, the failure, or the response with the scripts' results. */
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiResponse } from '@shared/schemas/document';
import type { Outcome } from '../hooks/use-run';
import { ScriptResults } from './run-extras';
import { ResponseView } from './response-view';

interface RunOutcomeProps {
  outcome: Outcome | null;
  sending: boolean;
  /** The document's responses, for the comparison with what came back. */
  documented?: ApiResponse[];
  scripts: boolean;
}

export function RunOutcome({ outcome, sending, documented, scripts }: RunOutcomeProps) {
  const { t } = useTranslation();
  const failure = outcome?.failure;
  return (
    <div aria-live="polite">
      {sending ? <Typography.Text>{t('runner.sending')}</Typography.Text> : null}
      {outcome?.missing.length ? (
        <Alert type="warning" showIcon title={t('runner.missingVariables', { names: outcome.missing.join(', ') })} />
      ) : null}
      {failure ? (
        <Alert type="error" showIcon role="alert" title={t(`runner.failures.${failure.kind}`, { detail: failure.detail })} />
      ) : null}
      {outcome?.response ? (
        <ResponseView
          response={outcome.response}
          transport={outcome.transport}
          documented={documented}
          results={
            scripts && (outcome.pre || outcome.post) ? (
              <ScriptResults pre={outcome.pre} post={outcome.post} written={outcome.written} />
            ) : undefined
          }
        />
      ) : !outcome && !sending ? (
        <Typography.Paragraph type="secondary">{t('runner.noResponse')}</Typography.Paragraph>
      ) : null}
      {outcome && !outcome.response && (outcome.pre?.error || outcome.pre?.warnings.length) ? (
        <ScriptResults pre={outcome.pre} written={outcome.written} />
      ) : null}
    </div>
  );
}
