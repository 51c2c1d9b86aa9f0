/** The runner's first lines: the method and address with Send (or Cancel), then the way the request is sent. */
import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Segmented, Select, Space, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HTTP_METHODS } from '@shared/schemas/document-kinds';
import { RUN_TRANSPORTS, type RunTransport } from '@shared/schemas/runner';
import { canSend, type RunDraft, type RunMethod } from '../lib/draft';

interface AddressBarProps {
  draft: RunDraft;
  patch: (change: Partial<RunDraft>) => void;
  sending: boolean;
  onSend: () => void;
  onCancel: () => void;
  /** Beside Send: the blank page's "save as a document". */
  actions?: ReactNode;
}

export function AddressBar({ draft, patch, sending, onSend, onCancel, actions }: AddressBarProps) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap align="center" className="run-line">
      <Space.Compact className="run-address">
        <Select
          aria-label={t('runner.method')}
          value={draft.method}
          onChange={(method: RunMethod) => patch({ method })}
          options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
          popupMatchSelectWidth={false}
        />
        <Input
          aria-label={t('runner.url')}
          placeholder={t('runner.urlPlaceholder')}
          value={draft.url}
          onChange={(e) => patch({ url: e.target.value })}
          onPressEnter={onSend}
        />
      </Space.Compact>
      <Tooltip title={canSend(draft) ? undefined : t('runner.urlRequired')}>
        {sending ? (
          <Button danger icon={<StopOutlined aria-hidden />} onClick={onCancel}>
            {t('runner.cancel')}
          </Button>
        ) : (
          <Button type="primary" icon={<SendOutlined aria-hidden />} disabled={!canSend(draft)} onClick={onSend}>
            {t('runner.send')}
          </Button>
        )}
      </Tooltip>
      {actions}
    </Flex>
  );
}

const TRANSPORT_KEY = 'apiloom.run.transport';
const storedTransport = (): RunTransport | null => {
  try {
    return RUN_TRANSPORTS.find((x) => x === localStorage.getItem(TRANSPORT_KEY)) ?? null;
  } catch {
    return null;
  }
};

/** The way chosen in this browser among those `available`, else direct; the choice is remembered. */
export function useTransport(available: RunTransport[]) {
  const [chosen, setChosen] = useState<RunTransport | null>(storedTransport);
  const transport: RunTransport = chosen && available.includes(chosen) ? chosen : 'direct';
  const choose = (next: RunTransport) => {
    setChosen(next);
    try {
      localStorage.setItem(TRANSPORT_KEY, next);
    } catch {
      // The choice lasts for this page.
    }
  };
  return [transport, choose] as const;
}

export function TransportPicker(props: { available: RunTransport[]; value: RunTransport; onChange: (next: RunTransport) => void }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap align="center" className="run-line">
      <Typography.Text id="run-transport-label">{t('runner.transport')}</Typography.Text>
      <Segmented
        aria-labelledby="run-transport-label"
        value={props.value}
        onChange={props.onChange}
        options={props.available.map((x) => ({ value: x, label: t(`runner.transports.${x}`) }))}
      />
      <Typography.Text type="secondary">{t(`runner.transportHints.${props.value}`)}</Typography.Text>
    </Flex>
  );
}
