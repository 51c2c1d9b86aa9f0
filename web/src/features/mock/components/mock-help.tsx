/**
 * The mock editor's help (spec section 2: "Mock editor with preview and help"): what each type does, the Mock.js
 * template syntax, the rules of generated data, the script API with examples, and expectations. Code examples are
 * the same in both languages (lib/help-examples.ts); every sentence around them is translated.
 */
import { Collapse, Drawer, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MockType } from '@shared/schemas/mock';
import { PLACEHOLDERS, RULES, SCRIPT_BY_ID, SCRIPT_ECHO, SCRIPT_LIST, TEMPLATE_EXAMPLE } from '../lib/help-examples';
import '../../../i18n/mock';

const code = (text: string) => <pre className="code mock-help-code">{text}</pre>;

export function MockHelp({ open, onClose, type }: { open: boolean; onClose: () => void; type: MockType }) {
  const { t } = useTranslation();
  const h = (key: string) => t(`mock.helpDoc.${key}`);
  const section = type === 'template' || type === 'auto' || type === 'script' ? type : 'overview';
  return (
    <Drawer title={h('title')} open={open} onClose={onClose} size={640} destroyOnHidden rootClassName="mock-help">
      <Collapse
        defaultActiveKey={[section]}
        items={[
          {
            key: 'overview',
            label: h('overview.title'),
            children: (
              <>
                <Typography.Paragraph>{h('overview.text')}</Typography.Paragraph>
                <Typography.Paragraph>{h('overview.common')}</Typography.Paragraph>
                <Typography.Paragraph>{h('overview.errors')}</Typography.Paragraph>
                <ul>
                  {(['e404', 'e405', 'e401', 'e429', 'e500'] as const).map((key) => (
                    <li key={key}>{h(`overview.${key}`)}</li>
                  ))}
                </ul>
              </>
            ),
          },
          {
            key: 'template',
            label: h('template.title'),
            children: (
              <>
                <Typography.Paragraph>{h('template.text')}</Typography.Paragraph>
                <Typography.Title level={4}>{h('template.rules')}</Typography.Title>
                <Table
                  size="small"
                  pagination={false}
                  rowKey="rule"
                  dataSource={RULES}
                  components={{ table: (p: object) => <table {...p} aria-label={h('template.rules')} /> }}
                  columns={[
                    {
                      key: 'rule',
                      title: h('template.rule'),
                      dataIndex: 'rule',
                      width: 220,
                      render: (rule: string) => <code>{rule}</code>,
                    },
                    {
                      key: 'meaning',
                      title: h('template.meaning'),
                      dataIndex: 'meaning',
                      render: (meaning: string) => h(`template.${meaning}`),
                    },
                  ]}
                />
                <Typography.Title level={4}>{h('template.placeholders')}</Typography.Title>
                <Typography.Paragraph>{h('template.placeholdersText')}</Typography.Paragraph>
                <dl className="mock-help-placeholders">
                  {Object.entries(PLACEHOLDERS).map(([group, names]) => (
                    <div key={group}>
                      <dt>{h(`template.groups.${group}`)}</dt>
                      <dd>
                        {names.map((name) => (
                          <code key={name}>{name}</code>
                        ))}
                      </dd>
                    </div>
                  ))}
                </dl>
                <Typography.Title level={4}>{h('template.example')}</Typography.Title>
                {code(TEMPLATE_EXAMPLE)}
              </>
            ),
          },
          {
            key: 'auto',
            label: h('auto.title'),
            children: (
              <>
                <Typography.Paragraph>{h('auto.text')}</Typography.Paragraph>
                <ul>
                  {(['example', 'string', 'number', 'nested', 'invalid'] as const).map((key) => (
                    <li key={key}>{h(`auto.${key}`)}</li>
                  ))}
                </ul>
              </>
            ),
          },
          {
            key: 'script',
            label: h('script.title'),
            children: (
              <>
                <Typography.Paragraph>{h('script.text')}</Typography.Paragraph>
                <Typography.Title level={4}>{h('script.request')}</Typography.Title>
                <Typography.Paragraph>{h('script.requestFields')}</Typography.Paragraph>
                <Typography.Title level={4}>{h('script.response')}</Typography.Title>
                <Typography.Paragraph>{h('script.responseText')}</Typography.Paragraph>
                <Typography.Title level={4}>{h('script.helpers')}</Typography.Title>
                <Typography.Paragraph>{h('script.helpersText')}</Typography.Paragraph>
                <Typography.Title level={4}>{h('script.limits')}</Typography.Title>
                <Typography.Paragraph>{h('script.limitsText')}</Typography.Paragraph>
                <Typography.Title level={4}>{h('script.examples')}</Typography.Title>
                <Typography.Paragraph strong>{h('script.exampleEcho')}</Typography.Paragraph>
                {code(SCRIPT_ECHO)}
                <Typography.Paragraph strong>{h('script.exampleById')}</Typography.Paragraph>
                {code(SCRIPT_BY_ID)}
                <Typography.Paragraph strong>{h('script.exampleList')}</Typography.Paragraph>
                {code(SCRIPT_LIST)}
              </>
            ),
          },
          {
            key: 'expectations',
            label: h('expectations.title'),
            children: (
              <>
                <Typography.Paragraph>{h('expectations.text')}</Typography.Paragraph>
                <Typography.Paragraph>{h('expectations.sources')}</Typography.Paragraph>
                <Typography.Paragraph>{h('expectations.ops')}</Typography.Paragraph>
              </>
            ),
          },
          {
            key: 'token',
            label: h('token.title'),
            children: <Typography.Paragraph>{h('token.text')}</Typography.Paragraph>,
          },
        ]}
      />
    </Drawer>
  );
}
