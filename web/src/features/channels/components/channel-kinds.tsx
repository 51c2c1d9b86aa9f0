/** Each channel kind's icon, and what its form asks for. */
import { ApiOutlined, DingtalkOutlined, MailOutlined, SendOutlined, SlackOutlined, WechatWorkOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { SIGNED_KINDS, type ChannelKind } from '@shared/schemas/channels';

export const KIND_ICONS: Record<ChannelKind, ReactNode> = {
  wecom: <WechatWorkOutlined aria-hidden />,
  dingtalk: <DingtalkOutlined aria-hidden />,
  feishu: <SendOutlined aria-hidden />,
  slack: <SlackOutlined aria-hidden />,
  webhook: <ApiOutlined aria-hidden />,
  email: <MailOutlined aria-hidden />,
};

/** DingTalk's 加签, Feishu's signature check and the webhook's HMAC: the kinds whose form asks for a secret. */
export const takesSecret = (kind: ChannelKind): kind is 'dingtalk' | 'feishu' | 'webhook' => SIGNED_KINDS.includes(kind);

/** Tag colours dark enough for white text (axe's contrast), as the runner's: the kit's presets are too light. */
export const TONES = { ok: '#237804', info: '#0958d9', warn: '#ad4e00', bad: '#a8071a' } as const;
