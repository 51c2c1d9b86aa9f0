/** Publishing a release: the project frozen as it is now, under the next version offered, with release notes. */
import { Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseVersion } from '@shared/schemas/share';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useNextVersion, useReleaseChange } from '../api';

interface Values {
  version: string;
  desc: string;
}

/** Release notes are kept to this length by the API. */
const NOTES_MAX = 2_000;

export function PublishDialog({
  projectId,
  onPublished,
  onClose,
}: {
  projectId: string;
  onPublished?: (version: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const next = useNextVersion(projectId);
  const publish = useReleaseChange('release.publish');
  const offered = next.data?.version;

  // The offer arrives after the dialog opens; it fills the field unless the editor has typed a version already.
  useEffect(() => {
    if (offered && !form.isFieldTouched('version')) form.setFieldValue('version', offered);
  }, [offered, form]);

  async function submit(values: Values) {
    const release = await publish.mutateAsync({ body: { projectId, version: values.version.trim(), desc: values.desc?.trim() ?? '' } });
    notify.success(t('releases.published', { version: release.version }));
    onPublished?.(release.version);
  }

  return (
    <FormModal<Values>
      title={t('releases.publish')}
      form={form}
      okText={t('releases.publishOk')}
      width={520}
      initialValues={{ version: offered ?? '', desc: '' }}
      errorAt="version"
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="muted">{t('releases.publishText')}</p>
      <Form.Item
        name="version"
        label={t('releases.version')}
        rules={[zodRule(releaseVersion)]}
        extra={
          <>
            {next.data?.bump ? (
              <div data-testid="bump-hint">{t('releases.bumpHint', { bump: t(`releases.bumps.${next.data.bump}`) })}</div>
            ) : null}
            {t('releases.versionHint')}
          </>
        }
      >
        <Input maxLength={32} />
      </Form.Item>
      <Form.Item name="desc" label={t('releases.notes')}>
        <Input.TextArea rows={4} maxLength={NOTES_MAX} placeholder={t('releases.notesHint')} />
      </Form.Item>
    </FormModal>
  );
}
