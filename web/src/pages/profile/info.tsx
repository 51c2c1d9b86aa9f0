import { Avatar, Button, Card, Descriptions, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { nicknameSchema, updateUserBody, type UserDetail } from '@shared/schemas/account';
import { PageLoading } from '../../components/page-loading';
import { imageUrl } from '../../config';
import { useCurrentUser } from '../../features/auth/api/session';
import { maskAddress } from '../../features/auth/lib/mask';
import { UploadImageButton } from '../../features/documents/components/upload-image-button';
import { useProfileSave } from '../../features/auth/api/account';
import { formatDate } from '../../lib/dates';
import { showServerError, zodRule } from '../../lib/form';
import { notify } from '../../lib/notify';

export function Component() {
  const user = useCurrentUser();
  if (!user.data) return <PageLoading />;
  return <InfoForm user={user.data} />;
}

interface Values {
  nickname: string;
  avatar: string;
}

/** The avatar as a form control: its preview, upload (or replace) and remove; the address is saved with the form. */
function AvatarField({ value, onChange, initial }: { value?: string; onChange?: (value: string) => void; initial: string }) {
  const { t } = useTranslation();
  return (
    <Flex gap={16} align="center" wrap>
      <Avatar size={64} src={imageUrl(value || null)} alt={t('profile.avatarPreview')}>
        {initial}
      </Avatar>
      <UploadImageButton to="account" onUploaded={(url) => onChange?.(url)}>
        {value ? t('profile.avatarReplace') : t('profile.avatarUpload')}
      </UploadImageButton>
      {value ? <Button onClick={() => onChange?.('')}>{t('profile.avatarRemove')}</Button> : null}
    </Flex>
  );
}

function InfoForm({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const nickname = Form.useWatch('nickname', form) ?? user.nickname;
  const save = useProfileSave();

  async function submit(values: Values) {
    try {
      await save.mutateAsync({ body: updateUserBody.parse(values) });
      notify.success(t('common.saved'));
    } catch (err) {
      showServerError(form, err);
    }
  }
  return (
    <Card>
      <Descriptions
        className="profile-summary"
        column={1}
        size="small"
        items={[
          { key: 'email', label: t('profile.email'), children: maskAddress(user.email) },
          { key: 'phone', label: t('profile.phone'), children: maskAddress(user.phone) },
          { key: 'registered', label: t('profile.registeredAt'), children: formatDate(user.registeredAt) },
        ]}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ nickname: user.nickname, avatar: user.avatar ?? '' }}
        onFinish={(v) => void submit(v)}
        className="narrow-form"
      >
        <Form.Item name="nickname" label={t('profile.nickname')} rules={[zodRule(nicknameSchema)]}>
          <Input />
        </Form.Item>
        <Form.Item name="avatar" label={t('profile.avatar')} extra={t('profile.avatarHint')}>
          <AvatarField initial={nickname.slice(0, 1)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
