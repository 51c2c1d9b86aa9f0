/**
 * A mock body in CodeMirror, with what is wrong with it in words under the editor: the live check while typing,
 * else what the server refused. The editor (and CodeMirror) loads on first use.
 */
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodyProblems, lineColumn, type BodyKind, type BodyProblem } from '../lib/body-check';
import { LazyCodeEditor } from '../../../components/lazy-code-editor';
import '../../../i18n/mock';

export function BodyField(props: {
  kind: BodyKind;
  label: string;
  value: string;
  onChange: (text: string) => void;
  readOnly?: boolean;
  /** What the server said about the saved body, until it is edited. */
  serverError?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { kind, value } = props;
  const describe = useCallback(
    (problem: BodyProblem, text: string) =>
      t('mock.problems.at', {
        message: problem.detail ? `${t(problem.message)}: ${problem.detail}` : t(problem.message),
        ...lineColumn(text, problem.from),
      }),
    [t],
  );
  const check = useCallback(
    (text: string) => bodyProblems(kind, text).map((p) => ({ from: p.from, to: p.to, message: describe(p, text) })),
    [kind, describe],
  );
  const problems = useMemo(() => bodyProblems(kind, value), [kind, value]);
  const message = problems[0] ? describe(problems[0], value) : props.serverError;
  return (
    <div className="mock-body-field">
      <div className="mock-field-label" id={`${id}-label`}>
        {props.label}
      </div>
      <LazyCodeEditor
        value={value}
        onChange={props.onChange}
        language={kind === 'script' ? 'javascript' : 'json'}
        readOnly={props.readOnly}
        label={props.label}
        check={check}
        invalid={!!message}
        describedBy={message ? `${id}-error` : undefined}
        minHeight={160}
      />
      <div id={`${id}-error`} className="field-error" aria-live="polite">
        {message}
      </div>
    </div>
  );
}
