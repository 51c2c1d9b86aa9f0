import { Avatar, Button, Card, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { nicknameSchema, updateUserBody, type UserDetail } from '@shared/schemas/account';
import { PageLoading } from '../../components/page-loading';
import { imageUrl } from '../../config';
import { useCurrentUser } from '../../features/auth/api/session';
import { maskAddress } from '../../features/auth/lib/mask';
import { useApiMutation } from '../../lib/api';
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

function InfoForm({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const avatar = Form.useWatch('avatar', form) ?? user.avatar ?? '';
  const nickname = Form.useWatch('nickname', form) ?? user.nickname;
  const save = useApiMutation('user.update', { invalidates: ['user.detail'], ignoreMessage: true });

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
      <div className="profile-summary">
        <Avatar size={64} src={imageUrl(avatar)} alt="">
          {nickname.slice(0, 1)}
        </Avatar>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'email', label: t('profile.email'), children: maskAddress(user.email) },
            { key: 'phone', label: t('profile.phone'), children: maskAddress(user.phone) },
            { key: 'registered', label: t('profile.registeredAt'), children: formatDate(user.registeredAt) },
          ]}
        />
      </div>
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
          <Input />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
