/**
 * Adds or edits a channel. Once saved, a provider's address and a secret are never sent back: editing shows the
 * masked address, and a field left blank keeps what is saved. An email channel's addresses are no secret: they
 * come back whole and are edited in place.
 */
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CHANNEL_KINDS, type ChannelKind, type ChannelView } from '@shared/schemas/channels';
import { EVENT_KINDS, type EventKind } from '@shared/schemas/events';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { showServerError } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCreateChannel, useProjectTree, useUpdateChannel, type ChannelOwner } from '../api';
import { KIND_ICONS, takesSecret } from './channel-kinds';

interface Draft {
  name: string;
  kind: ChannelKind;
  target?: string;
  secret?: string;
  events: EventKind[];
  folderIds: string[];
  language: 'zh' | 'en';
  detail: 'details' | 'names';
}

/** The project's folders, each named by its path ("Users / Admin"), for the folders a channel watches. */
function foldersOf(nodes: readonly DocumentTreeNode[], above = ''): { value: string; label: string }[] {
  return nodes.flatMap((node) => {
    if (node.type !== 'folder') return [];
    const label = above ? `${above} / ${node.name}` : node.name;
    return [{ value: node.id, label }, ...foldersOf(node.children ?? [], label)];
  });
}

export function ChannelDialog({
  owner,
  editing,
  open,
  onClose,
}: {
  owner: ChannelOwner;
  /** The channel edited, or none to add one. */
  editing: ChannelView | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Draft>();
  const create = useCreateChannel(owner);
  const update = useUpdateChannel(owner);
  // A team's defaults watch the whole of each project: folders are a project's own.
  const ofProject = owner.kind === 'project';
  const tree = useProjectTree(owner.id, open && ofProject);
  const folders = useMemo(() => foldersOf(tree.data ?? []), [tree.data]);
  const kind = Form.useWatch('kind', form) ?? editing?.kind ?? 'dingtalk';
  // A saved address stays unless the kind changes: another provider needs its own.
  const keepsTarget = !!editing && editing.kind === kind;
  const hidesTarget = kind !== 'email';

  async function submit({ target, secret, ...values }: Draft) {
    const settings = { ...values, ...(takesSecret(values.kind) && secret ? { secret } : {}) };
    try {
      if (editing)
        await update.mutateAsync({ params: { id: owner.id, channelId: editing.id }, body: { ...settings, target: target ?? '' } });
      else await create.mutateAsync({ params: { id: owner.id }, body: { ...settings, target: target ?? '' } });
      notify.success(t('channels.saved'));
      onClose();
    } catch (err) {
      showServerError(form, err, { atField: 'target' });
    }
  }

  return (
    <Modal
      open={open}
      title={t(editing ? 'channels.edit' : 'channels.add')}
      okText={t('channels.save')}
      cancelText={t('channels.cancel')}
      confirmLoading={create.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Draft>
        form={form}
        name="channel"
        layout="vertical"
        preserve={false}
        onFinish={(values) => void submit(values)}
        initialValues={
          editing
            ? { ...editing, target: editing.kind === 'email' ? editing.target : '', secret: '' }
            : { kind: 'dingtalk', events: [], folderIds: [], language: 'zh', detail: 'details' }
        }
      >
        <Form.Item name="name" label={t('channels.name')} rules={[{ required: true, whitespace: true, max: 60 }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="kind" label={t('channels.kind')} rules={[{ required: true }]}>
          <Select
            options={CHANNEL_KINDS.map((k) => ({
              value: k,
              label: (
                <span>
                  {KIND_ICONS[k]} {t(`channels.kinds.${k}`)}
                </span>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="target"
          label={t(`channels.target.${kind}`)}
          extra={keepsTarget && hidesTarget ? t('channels.targetKept', { target: editing.target }) : undefined}
          rules={[{ required: !keepsTarget, whitespace: true, max: 2000 }]}
        >
          {hidesTarget ? (
            <Input.Password visibilityToggle autoComplete="off" placeholder={keepsTarget ? editing.target : undefined} />
          ) : (
            <Input autoComplete="off" />
          )}
        </Form.Item>
        {takesSecret(kind) ? (
          <Form.Item
            name="secret"
            label={t(`channels.secret.${kind}`)}
            extra={keepsTarget && editing.hasSecret ? t('channels.secretKept') : undefined}
            rules={[{ max: 500 }]}
          >
            <Input.Password autoComplete="off" />
          </Form.Item>
        ) : null}
        <Form.Item name="events" label={t('channels.events')} extra={t('channels.eventsHint')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={EVENT_KINDS.map((e) => ({ value: e, label: t(`channels.event.${e}`) }))}
          />
        </Form.Item>
        {ofProject ? (
          <Form.Item name="folderIds" label={t('channels.folders')} extra={t('channels.foldersHint')}>
            <Select mode="multiple" allowClear loading={tree.isLoading} options={folders} optionFilterProp="label" />
          </Form.Item>
        ) : null}
        <Form.Item name="language" label={t('channels.language')}>
          <Radio.Group options={(['zh', 'en'] as const).map((l) => ({ value: l, label: t(`channels.languages.${l}`) }))} />
        </Form.Item>
        <Form.Item name="detail" label={t('channels.detail')}>
          <Radio.Group options={(['details', 'names'] as const).map((d) => ({ value: d, label: t(`channels.details.${d}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
