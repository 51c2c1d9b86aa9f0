/** Creating a document of any kind, with the fields that kind needs, at the end of the chosen folder. */
import { Form, Input, Select, Space, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isOwnOrigin } from '@shared/embed';
import { HTTP_METHODS, documentTitle, type DocumentTreeNode, type DocumentType } from '@shared/schemas/document';
import { ownOrigins } from '../../../config';
import { FormModal } from '../../../components/form-modal';
import { zodRule } from '../../../lib/form';
import { paths } from '../../../paths';
import { useCreateDocument } from '../api';
import { folderOptions } from '../lib/folder-options';
import { CREATABLE_KINDS, displayName, KIND_ICON } from '../lib/kinds';
import { syncPathParams } from '../lib/path-params';
import { lastChildId } from '../lib/tree-ids';

interface Values {
  name: string;
  type: DocumentType;
  parentId: string;
  content: { method?: string; path?: string; url?: string; width?: string; height?: string; targetId?: string };
}

interface Option {
  value: string;
  title: string;
  disabled?: boolean;
  selectable?: boolean;
  children: Option[];
}

/** Soft link targets: any document; folders only group them. */
const targetOptions = (nodes: DocumentTreeNode[], t: Parameters<typeof displayName>[1]): Option[] =>
  nodes.map((n) => ({
    value: n.id,
    title: displayName(n.name, t),
    selectable: n.type !== 'folder',
    children: targetOptions(n.children, t),
  }));

const URL_PATTERN = /^https?:\/\/\S+$/i;
const SIZE_PATTERN = /^(\d{2,5}|\d{1,3}%)$/;
const size = (value: string | undefined, fallback: string | number) => {
  const v = (value ?? '').trim();
  if (!v) return fallback;
  return /^\d+$/.test(v) ? Number(v) : v;
};

/** What a new document of each kind starts with; the dialog asks for what a kind cannot start without. */
function startingContent(type: DocumentType, c: Values['content'], name: string): unknown {
  switch (type) {
    case 'api': {
      const path = c.path?.trim() || '/';
      return { method: c.method ?? 'GET', path, description: name, reqPath: syncPathParams('', path, []) };
    }
    case 'embed':
      return { url: c.url?.trim(), width: size(c.width, '100%'), height: size(c.height, 600) };
    case 'link':
      return { url: c.url?.trim() };
    case 'softlink':
      return { targetId: c.targetId };
    case 'model':
      return { name };
    default:
      return {};
  }
}

export function NewDocumentDialog(props: { projectId: string; tree: DocumentTreeNode[]; parentId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const create = useCreateDocument();
  const type = Form.useWatch('type', form) ?? 'doc';
  const urlRule = { pattern: URL_PATTERN, message: t('v.url') };
  // As the API refuses it: an embed never shows one of the app's own pages.
  const notOwnOriginRule = {
    validator: (_: unknown, value: unknown) =>
      typeof value === 'string' && isOwnOrigin(value.trim(), ownOrigins())
        ? Promise.reject(new Error(t('v.embedOwnOrigin')))
        : Promise.resolve(),
  };
  const sizeRule = { pattern: SIZE_PATTERN, message: t('docs.sizeHint') };

  async function submit(values: Values) {
    const parentId = values.parentId;
    const name = values.name.trim();
    const created = await create.mutateAsync({
      body: {
        projectId: props.projectId,
        parentId,
        preId: lastChildId(props.tree, props.projectId, parentId),
        name,
        type: values.type,
        content: startingContent(values.type, values.content ?? {}, name),
      },
    });
    // A folder shows in the tree and nothing opens; documents open, the ones that need writing in the editor.
    if (values.type === 'folder') return;
    const editNext = ['api', 'model', 'doc', 'richtext', 'errorcode'].includes(values.type);
    void navigate(paths.document.href(props.projectId, created.id, editNext ? 'edit' : undefined));
  }

  return (
    <FormModal<Values>
      title={t('docs.new')}
      form={form}
      okText={t('common.create')}
      width={560}
      initialValues={{
        name: t('docs.untitled'),
        type: 'doc',
        parentId: props.parentId ?? props.projectId,
        content: { method: 'GET', path: '/', width: '100%', height: '600' },
      }}
      onClose={props.onClose}
      onSubmit={submit}
    >
      <Form.Item name="name" label={t('docs.title')} rules={[zodRule(documentTitle)]}>
        <Input />
      </Form.Item>
      <Form.Item name="type" label={t('docs.kind')}>
        <Select
          options={CREATABLE_KINDS.map((k) => ({
            value: k,
            label: (
              <span className="kind-option">
                {KIND_ICON[k]} {t(`docs.kinds.${k}`)}
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item name="parentId" label={t('docs.parent')}>
        <TreeSelect
          treeDefaultExpandAll
          treeData={[{ value: props.projectId, title: t('docs.topLevel'), children: folderOptions(props.tree, t) }]}
        />
      </Form.Item>
      {type === 'api' ? (
        <Form.Item label={t('docs.api.path')} required>
          <Space.Compact block>
            <Form.Item name={['content', 'method']} noStyle>
              <Select
                aria-label={t('docs.api.method')}
                className="method-select"
                options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
              />
            </Form.Item>
            <Form.Item name={['content', 'path']} noStyle rules={[{ required: true, message: t('v.apiPath') }]}>
              <Input aria-label={t('docs.api.path')} placeholder="/orders/{id}" />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      ) : null}
      {type === 'embed' || type === 'link' ? (
        <Form.Item
          name={['content', 'url']}
          label={t('docs.url')}
          rules={[{ required: true, message: t('v.url') }, urlRule, ...(type === 'embed' ? [notOwnOriginRule] : [])]}
        >
          <Input placeholder="https://example.com" inputMode="url" />
        </Form.Item>
      ) : null}
      {type === 'embed' ? (
        <Space.Compact block className="size-fields">
          <Form.Item name={['content', 'width']} label={t('docs.width')} rules={[sizeRule]} extra={t('docs.sizeHint')}>
            <Input placeholder="100%" />
          </Form.Item>
          <Form.Item name={['content', 'height']} label={t('docs.height')} rules={[sizeRule]}>
            <Input placeholder="600" />
          </Form.Item>
        </Space.Compact>
      ) : null}
      {type === 'softlink' ? (
        <Form.Item name={['content', 'targetId']} label={t('docs.target')} rules={[{ required: true, message: t('docs.targetRequired') }]}>
          <TreeSelect
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('docs.targetPick')}
            treeData={targetOptions(props.tree, t)}
            notFoundContent={t('docs.noTargets')}
          />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
