/**
 * Creating or changing a share link: its name, the documents it holds (none: the whole project), when it ends,
 * a read password, and whether it shows a release instead of the live project. The document picker comes from
 * the page (it reads the project's tree), told which version's tree to offer.
 */
import { Checkbox, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from '../../../lib/dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/constants';
import type { ProjectView } from '@shared/schemas/project';
import { shareName, type ReleaseView, type ShareView } from '@shared/schemas/share';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useShareChange } from '../api';
import { shareCreateBody, shareUpdateBody, type ShareFormValues } from '../lib/shares';

/** The picker's format: minutes are enough for an end time, and every language reads it the same. */
const EXPIRY_FORMAT = 'YYYY/MM/DD HH:mm';

type Values = Omit<ShareFormValues, 'expireAt'> & { expireAt: Dayjs };

interface ShareDialogProps {
  project: ProjectView;
  /** The share to change; none to create one. */
  share?: ShareView;
  releases: ReleaseView[];
  picker: (version: string | undefined) => ReactNode;
  onClose: () => void;
}

export function ShareDialog({ project, share, releases, picker, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const version = Form.useWatch('version', form) ?? share?.version ?? '';
  const removing = Form.useWatch('removePassword', form) ?? false;
  const create = useShareChange('share.create');
  const update = useShareChange('share.update');

  async function submit(values: Values) {
    if (share) await update.mutateAsync({ body: shareUpdateBody(project.id, share.id, values) });
    else await create.mutateAsync({ body: shareCreateBody(project.id, values) });
    notify.success(share ? t('common.saved') : t('shares.created'));
  }

  const inFuture = {
    validator: async (_rule: unknown, value: Dayjs | null | undefined) => {
      if (!value) throw new Error(t('v.shareExpiry'));
      if (!value.isAfter(dayjs())) throw new Error(t('v.shareExpiry'));
    },
  };

  return (
    <FormModal<Values>
      title={share ? t('shares.edit') : t('shares.new')}
      form={form}
      okText={share ? t('common.save') : t('common.create')}
      width={600}
      initialValues={{
        name: share?.name ?? t('shares.defaultName', { name: project.name }),
        docIds: share?.docIds ?? [],
        expireAt: share ? dayjs(share.expireAt) : dayjs().add(7, 'day').startOf('minute'),
        password: '',
        removePassword: false,
        version: share?.version ?? '',
        allowExport: share?.allowExport ?? false,
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('shares.name')} rules={[zodRule(shareName)]}>
        <Input maxLength={LIMITS.shareName} />
      </Form.Item>
      <Form.Item name="version" label={t('shares.version')}>
        <Select
          options={[
            { value: '', label: t('shares.liveVersion') },
            ...releases.map((r) => ({ value: r.version, label: t('releases.versionLabel', { version: r.version }) })),
          ]}
        />
      </Form.Item>
      <Form.Item name="docIds" label={t('shares.documents')} extra={t('shares.documentsHint')}>
        {picker(version || undefined)}
      </Form.Item>
      <Form.Item name="expireAt" label={t('shares.expireAt')} rules={[inFuture]}>
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={EXPIRY_FORMAT}
          allowClear={false}
          showNow={false}
          disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          presets={[
            { label: t('shares.in1Day'), value: () => dayjs().add(1, 'day').startOf('minute') },
            { label: t('shares.in7Days'), value: () => dayjs().add(7, 'day').startOf('minute') },
            { label: t('shares.in30Days'), value: () => dayjs().add(30, 'day').startOf('minute') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('shares.password')}
        extra={share?.hasPassword ? t('shares.passwordKeepHint') : t('shares.passwordHint')}
        rules={[{ max: LIMITS.passwordMax, message: t('shares.passwordTooLong', { max: LIMITS.passwordMax }) }]}
      >
        <Input.Password autoComplete="new-password" disabled={removing} />
      </Form.Item>
      <Form.Item name="allowExport" valuePropName="checked" extra={t('shares.allowExportHint')}>
        <Checkbox>{t('shares.allowExport')}</Checkbox>
      </Form.Item>
      {share?.hasPassword ? (
        <Form.Item name="removePassword" valuePropName="checked">
          <Checkbox>{t('shares.removePassword')}</Checkbox>
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
