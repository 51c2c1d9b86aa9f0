/**
 * The edit form of every kind: the title and a change note, then the kind's own editor. Saving (the button or
 * Ctrl+S) checks the content's size first; leaving with unsaved changes asks first.
 */
import { SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Space, TreeSelect } from 'antd';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@shared/constants';
import { ERRORS } from '@shared/errors';
import type { DocumentTreeNode, DocumentView, TypedContent } from '@shared/schemas/document';
import { PageLoading } from '../../../components/page-loading';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useSaveDocument } from '../api';
import { contentTooLarge } from '../lib/content-size';
import { displayName } from '../lib/kinds';
import { useUnsavedGuard } from '../lib/unsaved-guard';
import { ApiEditor } from './api-editor';
import { ErrorCodeEditor } from './errorcode-editor';
import { MarkdownEditor } from './markdown-editor';
import { ModelEditor } from './model-editor';
import type { ModelOption } from './param-settings';

// Quill is large and only rich text needs it: it loads with the first rich text edit.
const RichTextEditor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

type Errors = Record<string, string>;

function targetOptions(nodes: DocumentTreeNode[], self: string, t: Parameters<typeof displayName>[1]): object[] {
  return nodes
    .filter((n) => n.id !== self)
    .map((n) => ({
      value: n.id,
      title: displayName(n.name, t),
      selectable: n.type !== 'folder',
      children: targetOptions(n.children, self, t),
    }));
}

/** The project's data models, for the rows that refer to one. */
function modelsIn(nodes: DocumentTreeNode[], out: ModelOption[] = []): ModelOption[] {
  for (const n of nodes) {
    if (n.type === 'model') out.push({ id: n.id, name: n.name });
    modelsIn(n.children, out);
  }
  return out;
}

function KindEditor(props: {
  doc: DocumentView;
  tree: DocumentTreeNode[];
  draft: TypedContent;
  onChange: (next: TypedContent, byUser?: boolean) => void;
  errors: Errors;
}) {
  const { t } = useTranslation();
  const { draft, errors } = props;
  const id = useId();
  const field = (key: string) => ({
    htmlFor: `${id}-${key}`,
    validateStatus: errors[`content.${key}`] ? ('error' as const) : undefined,
    help: errors[`content.${key}`],
  });
  // A model may refer to itself (a tree of categories): every model is offered.
  const models = useMemo(() => modelsIn(props.tree), [props.tree]);
  switch (draft.type) {
    case 'api':
      return (
        <ApiEditor
          docId={props.doc.id}
          value={draft.content}
          errors={errors}
          models={models}
          onChange={(content) => props.onChange({ type: 'api', content })}
        />
      );
    case 'model':
      return (
        <ModelEditor
          value={draft.content}
          errors={errors}
          models={models}
          onChange={(content) => props.onChange({ type: 'model', content })}
        />
      );
    case 'doc':
      return (
        <MarkdownEditor
          projectId={props.doc.projectId}
          value={draft.content.markdown}
          onChange={(markdown) => props.onChange({ type: 'doc', content: { markdown } })}
        />
      );
    case 'richtext':
      return (
        <Suspense fallback={<PageLoading />}>
          <RichTextEditor
            projectId={props.doc.projectId}
            value={draft.content.html}
            onChange={(html, byUser) => props.onChange({ type: 'richtext', content: { html } }, byUser)}
          />
        </Suspense>
      );
    case 'errorcode':
      return <ErrorCodeEditor rows={draft.content.rows} onChange={(rows) => props.onChange({ type: 'errorcode', content: { rows } })} />;
    case 'embed': {
      const c = draft.content;
      const set = (patch: Partial<typeof c>) => props.onChange({ type: 'embed', content: { ...c, ...patch } });
      const size = (v: string) => (/^\d+$/.test(v) ? Number(v) : v);
      return (
        <>
          <Form.Item label={t('docs.url')} {...field('url')}>
            <Input id={`${id}-url`} value={c.url} placeholder="https://example.com" onChange={(e) => set({ url: e.target.value })} />
          </Form.Item>
          <Space wrap>
            <Form.Item label={t('docs.width')} {...field('width')} extra={t('docs.sizeHint')}>
              <Input id={`${id}-width`} value={String(c.width)} placeholder="100%" onChange={(e) => set({ width: size(e.target.value) })} />
            </Form.Item>
            <Form.Item label={t('docs.height')} {...field('height')}>
              <Input
                id={`${id}-height`}
                value={String(c.height)}
                placeholder="600"
                onChange={(e) => set({ height: size(e.target.value) })}
              />
            </Form.Item>
          </Space>
        </>
      );
    }
    case 'link':
      return (
        <Form.Item label={t('docs.url')} {...field('url')}>
          <Input
            id={`${id}-url`}
            value={draft.content.url}
            placeholder="https://example.com"
            onChange={(e) => props.onChange({ type: 'link', content: { url: e.target.value } })}
          />
        </Form.Item>
      );
    case 'softlink':
      return (
        <Form.Item label={t('docs.target')} {...field('targetId')}>
          <TreeSelect
            id={`${id}-targetId`}
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            value={draft.content.targetId}
            treeData={targetOptions(props.tree, props.doc.id, t)}
            onChange={(targetId: string) => props.onChange({ type: 'softlink', content: { targetId } })}
          />
        </Form.Item>
      );
    case 'folder':
      return null;
  }
}

/** A draft as text a person can paste back: markdown and HTML as written, any other kind as its JSON. */
function textOf(draft: TypedContent): string {
  const c = draft.content as { markdown?: unknown; html?: unknown };
  if (draft.type === 'doc' && typeof c.markdown === 'string') return c.markdown;
  if (draft.type === 'richtext' && typeof c.html === 'string') return c.html;
  return JSON.stringify(draft.content, null, 2);
}

export function DocumentEditor(props: { doc: DocumentView; tree: DocumentTreeNode[]; onDone: () => void }) {
  const { t } = useTranslation();
  // The document as the editor opened it. A later read (after a save, or someone else's) neither draws the editor
  // again nor moves the revision it saves against: a save over someone's newer one is refused (`stale`), and the
  // writer keeps their text and their place.
  const [doc] = useState(props.doc);
  const [name, setName] = useState(displayName(doc.name, t));
  const [comment, setComment] = useState('');
  const [draft, setDraft] = useState<TypedContent>({ type: doc.type, content: doc.content } as TypedContent);
  // The draft as of the last change, not the last render: Quill reports an edit (an upload landing, typed text seen by
  // its observer) outside React's events, so its render may still be pending when Ctrl+S arrives; a save reads this.
  const latest = useRef(draft);
  // What the editor started from; rich text moves it to Quill's own rendering of the stored HTML.
  const [baseline, setBaseline] = useState(() => JSON.stringify(draft.content));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  // Someone saved this document since it was opened: the save is refused, and this text must not be lost.
  const [stale, setStale] = useState<string | null>(null);
  const id = useId();
  const dirty = useMemo(
    () => name !== displayName(doc.name, t) || comment !== '' || JSON.stringify(draft.content) !== baseline,
    [name, comment, draft, baseline, doc.name, t],
  );
  const guard = useUnsavedGuard(dirty);
  const saveDocument = useSaveDocument();
  const tooLarge = errors._ === 'tooLarge';

  const save = async () => {
    if (busy) return;
    const { content } = latest.current;
    if (contentTooLarge(content)) {
      setErrors({ _: 'tooLarge' });
      notify.error(t('error.contentTooLarge'));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const unchangedName = name.trim() === displayName(doc.name, t);
      await saveDocument.mutateAsync({
        body: { id: doc.id, rev: doc.rev, name: unchangedName ? undefined : name.trim(), comment, content },
      });
      notify.success(t('common.saved'));
      guard.release();
      props.onDone();
    } catch (err) {
      if (isApiError(err) && err.code === ERRORS.staleRevision.code) {
        setStale(errorMessage(err));
        return;
      }
      const fields = isApiError(err) && err.code === 45002 ? (err.data as { fields?: Errors } | null)?.fields : undefined;
      if (fields) setErrors(fields);
      notify.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  // The writer's own text, to keep before loading the newer version: the source as written, or the JSON of a form.
  const copyMine = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(textOf(latest.current)))
      .then(
        () => notify.success(t('docs.copiedMine')),
        () => notify.error(t('mock.notCopied')),
      );

  // Ctrl+S saves with the latest values.
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Form layout="vertical" className="doc-editor" component="div">
      {stale ? (
        <Alert
          className="stale-save"
          type="warning"
          showIcon
          title={stale}
          description={t('docs.staleHint')}
          action={
            <Space orientation="vertical">
              <Button size="small" type="primary" onClick={() => void copyMine()}>
                {t('docs.copyMine')}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  guard.release();
                  window.location.reload();
                }}
              >
                {t('docs.loadLatest')}
              </Button>
            </Space>
          }
        />
      ) : null}
      <Flex gap={12} wrap className="editor-head">
        <Form.Item
          label={t('docs.title')}
          htmlFor={`${id}-name`}
          validateStatus={errors.name ? 'error' : undefined}
          help={errors.name}
          className="editor-title"
        >
          <Input id={`${id}-name`} value={name} maxLength={LIMITS.documentTitle + 10} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('docs.comment')} htmlFor={`${id}-comment`} className="editor-comment">
          <Input
            id={`${id}-comment`}
            value={comment}
            placeholder={t('docs.commentHint')}
            maxLength={200}
            onChange={(e) => setComment(e.target.value)}
          />
        </Form.Item>
      </Flex>
      {tooLarge ? <Alert className="form-alert" type="error" showIcon title={t('error.contentTooLarge')} /> : null}
      <KindEditor
        doc={doc}
        tree={props.tree}
        draft={draft}
        errors={errors}
        onChange={(next, byUser = true) => {
          latest.current = next;
          setDraft(next);
          if (!byUser && !dirty) setBaseline(JSON.stringify(next.content));
        }}
      />
      <Flex justify="flex-end" gap={8} className="editor-actions">
        <Button onClick={props.onDone}>{t('common.cancel')}</Button>
        <Button type="primary" icon={<SaveOutlined aria-hidden />} loading={busy} onClick={() => void save()} title="Ctrl+S">
          {t('common.save')} (Ctrl+S)
        </Button>
      </Flex>
      {guard.dialog}
    </Form>
  );
}
