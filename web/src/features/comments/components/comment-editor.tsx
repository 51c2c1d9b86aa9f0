/**
 * Writing a comment: markdown in a text area whose `@` offers the project's members. The people picked are sent
 * with the text (those whose `@name` is still in it when it is sent), so a mention never depends on parsing names.
 * The body is checked as the API checks it (shared/schemas/comment.ts), with the API's own message.
 */
import { Button, Flex, Mentions, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commentBodyProblem } from '@shared/schemas/comment';
import { useMentionable } from '../api';

export interface Draft {
  body: string;
  mentions: string[];
}

export function CommentEditor({
  projectId,
  initial = '',
  placeholder,
  submitText,
  onSubmit,
  onCancel,
}: {
  projectId: string;
  initial?: string;
  placeholder: string;
  submitText: string;
  onSubmit: (draft: Draft) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [body, setBody] = useState(initial);
  const [picked, setPicked] = useState<Map<string, string>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const members = useMentionable(projectId, true);
  const options = (members.data ?? [])
    .filter((m) => m.role !== 'none')
    .map((m) => ({ value: m.nickname, label: m.nickname, key: m.userId }));

  const submit = async () => {
    const refused = commentBodyProblem(body);
    if (refused) return setProblem(t(`error.${refused}`));
    setProblem(null);
    const mentions = [...picked].filter(([, name]) => body.includes(`@${name}`)).map(([userId]) => userId);
    setSending(true);
    try {
      await onSubmit({ body, mentions });
      setBody('');
      setPicked(new Map());
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="comment-editor">
      <Mentions
        value={body}
        onChange={setBody}
        options={options}
        autoSize={{ minRows: 2, maxRows: 10 }}
        placeholder={placeholder}
        aria-label={placeholder}
        status={problem ? 'error' : undefined}
        onSelect={(option) => {
          const member = members.data?.find((m) => m.nickname === option.value);
          if (member) setPicked((current) => new Map(current).set(member.userId, member.nickname));
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
        }}
      />
      {problem ? (
        <Typography.Text type="danger" role="alert">
          {problem}
        </Typography.Text>
      ) : null}
      <Flex gap={8} justify="flex-end" className="comment-editor-actions">
        {onCancel ? <Button onClick={onCancel}>{t('comments.cancel')}</Button> : null}
        <Button type="primary" loading={sending} onClick={() => void submit()}>
          {submitText}
        </Button>
      </Flex>
    </div>
  );
}
