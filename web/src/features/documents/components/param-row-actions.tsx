/** A parameter row's buttons: its settings, a child row (for rows that nest), up, down and remove. */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, SettingOutlined, SubnodeOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/constants';
import { nests, type ParamRow } from '../lib/param-tree';

export interface ParamRowCommands {
  settings: (row: ParamRow) => void;
  addChild: (row: ParamRow) => void;
  move: (row: ParamRow, to: number) => void;
  remove: (row: ParamRow) => void;
}

function IconButton(props: { label: string; icon: ReactNode; tip?: string; danger?: boolean; disabled?: boolean; onClick: () => void }) {
  const button = (
    <Button
      type="text"
      size="small"
      danger={props.danger}
      disabled={props.disabled}
      icon={props.icon}
      aria-label={props.label}
      onClick={props.onClick}
    />
  );
  return props.tip ? <Tooltip title={props.tip}>{button}</Tooltip> : button;
}

export function ParamRowActions({ row, siblings, on }: { row: ParamRow; siblings: number; on: ParamRowCommands }) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <IconButton
        tip={t('docs.param.settings')}
        label={`${t('docs.param.settings')} ${row.name}`}
        icon={<SettingOutlined aria-hidden />}
        onClick={() => on.settings(row)}
      />
      {nests(row) && row.depth < LIMITS.paramDepth - 1 ? (
        <IconButton
          tip={t('docs.param.addChild')}
          label={`${t('docs.param.addChild')} ${row.name}`}
          icon={<SubnodeOutlined aria-hidden />}
          onClick={() => on.addChild(row)}
        />
      ) : null}
      <IconButton
        label={`${t('docs.param.up')} ${row.name}`}
        icon={<ArrowUpOutlined aria-hidden />}
        disabled={row.index === 0}
        onClick={() => on.move(row, row.index - 1)}
      />
      <IconButton
        label={`${t('docs.param.down')} ${row.name}`}
        icon={<ArrowDownOutlined aria-hidden />}
        disabled={row.index >= siblings - 1}
        onClick={() => on.move(row, row.index + 1)}
      />
      <IconButton
        danger
        label={`${t('docs.param.remove')} ${row.name}`}
        icon={<DeleteOutlined aria-hidden />}
        onClick={() => on.remove(row)}
      />
    </Space>
  );
}
