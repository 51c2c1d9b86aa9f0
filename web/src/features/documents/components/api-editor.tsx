/** The HTTP API editor, laid out like the request it describes: method and path, then request and response tabs. */
import { WarningOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Flex, Form, Input, Select, Space, Switch, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_STATUSES, HTTP_METHODS, REQUEST_TYPES, RESPONSE_FORMATS, type ContentOf, type ParamItem } from '@shared/schemas/document';
import { stalePathParams, syncPathParams } from '../lib/path-params';
import { ParamEditor } from './param-editor';

type Api = ContentOf<'api'>;
type ListKey = 'reqQuery' | 'reqPath' | 'reqBody' | 'reqHeaders' | 'respBody' | 'respHeaders';

export function ApiEditor({ value, onChange, errors }: { value: Api; onChange: (next: Api) => void; errors: Record<string, string> }) {
  const { t } = useTranslation();
  const set = <K extends keyof Api>(key: K, v: Api[K]) => onChange({ ...value, [key]: v });
  const list = (key: ListKey, title: string) => ({
    key,
    label: (
      <span>
        {title} {value[key].length ? <Badge count={value[key].length} size="small" color="#5b5bd6" /> : null}
      </span>
    ),
    children: <ParamEditor title={title} items={value[key]} onChange={(items: ParamItem[]) => set(key, items)} />,
  });
  const stale = stalePathParams(value.path, value.reqPath);
  const pathTab = list('reqPath', t('docs.api.reqPath'));
  return (
    <div className="api-editor">
      <Form.Item
        label={t('docs.api.path')}
        validateStatus={errors['content.path'] ? 'error' : undefined}
        help={errors['content.path']}
        required
      >
        <Space.Compact block className="api-bar">
          <Select
            aria-label={t('docs.api.method')}
            className={`method-select method-${value.method}`}
            value={value.method}
            onChange={(m) => set('method', m)}
            options={HTTP_METHODS.map((m) => ({ value: m, label: <span className={`method-text method-${m}`}>{m}</span> }))}
          />
          <Input
            aria-label={t('docs.api.path')}
            placeholder="/orders/{id}"
            value={value.path}
            onChange={(e) =>
              onChange({ ...value, path: e.target.value, reqPath: syncPathParams(value.path, e.target.value, value.reqPath) })
            }
          />
        </Space.Compact>
      </Form.Item>
      <Flex gap={16} wrap align="center" className="api-meta">
        <label className="inline-field">
          <span>{t('docs.api.status')}</span>
          <Select
            aria-label={t('docs.api.status')}
            value={value.status}
            onChange={(s) => set('status', s)}
            options={API_STATUSES.map((s) => ({ value: s, label: t(`docs.status.${s}`) }))}
            className="status-select"
          />
        </label>
        <label className="inline-field">
          <Switch aria-label={t('docs.api.valid')} checked={value.valid} onChange={(v) => set('valid', v)} size="small" />
          <span>{t('docs.api.valid')}</span>
        </label>
      </Flex>
      <Form.Item
        label={t('docs.api.description')}
        validateStatus={errors['content.description'] ? 'error' : undefined}
        help={errors['content.description']}
        required
      >
        <Input.TextArea
          aria-label={t('docs.api.description')}
          rows={3}
          value={value.description}
          placeholder={t('docs.api.descriptionHint')}
          onChange={(e) => set('description', e.target.value)}
        />
      </Form.Item>
      <Typography.Title level={3}>{t('docs.api.request')}</Typography.Title>
      <Tabs
        defaultActiveKey="reqBody"
        items={[
          list('reqQuery', t('docs.api.reqQuery')),
          {
            ...pathTab,
            label: (
              <span>
                {pathTab.label}
                {stale.length ? <WarningOutlined className="stale-mark" aria-label={t('docs.api.staleMark')} /> : null}
              </span>
            ),
            children: (
              <>
                {stale.length ? (
                  <Alert
                    className="stale-params"
                    type="warning"
                    showIcon
                    title={t('docs.api.staleParams', { names: stale.map((p) => p.name).join(', ') })}
                    action={
                      <Button
                        size="small"
                        onClick={() =>
                          set(
                            'reqPath',
                            value.reqPath.filter((p) => !stale.includes(p)),
                          )
                        }
                      >
                        {t('docs.api.removeStale')}
                      </Button>
                    }
                  />
                ) : null}
                {pathTab.children}
              </>
            ),
          },
          {
            ...list('reqBody', t('docs.api.reqBody')),
            children: (
              <>
                <label className="inline-field tab-option">
                  <span>{t('docs.api.requestType')}</span>
                  <Select
                    aria-label={t('docs.api.requestType')}
                    value={value.requestType}
                    onChange={(v) => set('requestType', v)}
                    options={REQUEST_TYPES.map((v) => ({ value: v, label: v }))}
                    className="format-select"
                  />
                </label>
                <ParamEditor title={t('docs.api.reqBody')} items={value.reqBody} onChange={(items) => set('reqBody', items)} />
              </>
            ),
          },
          list('reqHeaders', t('docs.api.reqHeaders')),
        ]}
      />
      <Typography.Title level={3}>{t('docs.api.response')}</Typography.Title>
      <Tabs
        items={[
          {
            ...list('respBody', t('docs.api.respBody')),
            children: (
              <>
                <label className="inline-field tab-option">
                  <span>{t('docs.api.respFormat')}</span>
                  <Select
                    aria-label={t('docs.api.respFormat')}
                    value={value.respFormat}
                    onChange={(v) => set('respFormat', v)}
                    options={RESPONSE_FORMATS.map((v) => ({ value: v, label: v }))}
                    className="format-select"
                  />
                </label>
                <ParamEditor title={t('docs.api.respBody')} items={value.respBody} onChange={(items) => set('respBody', items)} />
              </>
            ),
          },
          list('respHeaders', t('docs.api.respHeaders')),
        ]}
      />
    </div>
  );
}
