/**
 * A text that may be long (a response body, an example) shown without blocking the page. Up to SHOWN_CHARS it is a
 * plain <pre>; past that, the <pre> holds its first lines and a "show all" opens the whole text in a read-only
 * CodeMirror view, which draws only the lines on screen. A megabyte laid out in one <pre> kept the page from
 * answering for 200-700 ms (issue 39's render bench); CodeMirror and its highlighting load only when asked for.
 * An editor's long text opens the same way, editable.
 */
import { Button, Flex, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sizeText } from '../lib/bytes';
import { jsonHead } from '../lib/json-head';
import { prettyJson, prettyJsonOffThread } from '../lib/pretty-json';
import { LazyCodeEditor } from './lazy-code-editor';

/** About 500 lines of pretty JSON: laid out in a few milliseconds. */
export const SHOWN_CHARS = 20_000;

/** The text's start, cut at a line's end when there is one near the limit. */
export function headOf(text: string, limit = SHOWN_CHARS): string {
  if (text.length <= limit) return text;
  const lineEnd = text.lastIndexOf('\n', limit);
  return text.slice(0, lineEnd > limit / 2 ? lineEnd : limit);
}

export function LongText(props: {
  text: string;
  /** What the text is: the region's accessible name, and the full view's. */
  label: string;
  /** The <pre> is a region of its own (false: it is inside one that already names it). */
  region?: boolean;
  /** The <pre>'s class: how it looks where it is shown. */
  className?: string;
  language?: 'json' | 'text';
  /** The text is JSON to show indented: its start is indented here, the whole in a worker when asked for. */
  pretty?: boolean;
  /** Given: the whole text opens for editing (an editor's long example), under the same name. */
  onChange?: (text: string) => void;
}) {
  const { t } = useTranslation();
  const { text, label, pretty, onChange } = props;
  // The whole text as the full view shows it, once asked for (for the text it was asked for).
  const [all, setAll] = useState<{ of: string; shown: string } | null>(null);
  const [opening, setOpening] = useState(false);
  const short = text.length <= SHOWN_CHARS;
  const shortText = useMemo(() => (short && pretty ? prettyJson(text) : text), [short, pretty, text]);
  const region = props.region === false ? {} : { role: 'region', 'aria-label': label };
  const showAll = async () => {
    setOpening(true);
    // An editor edits the text as it is; a reader reads it indented.
    const shown = pretty && !onChange ? await prettyJsonOffThread(text) : text;
    setOpening(false);
    setAll({ of: text, shown });
  };
  if (onChange ? all : all?.of === text)
    return (
      <LazyCodeEditor
        value={onChange ? text : all!.shown}
        readOnly={!onChange}
        onChange={onChange}
        language={props.language === 'json' ? 'json' : 'text'}
        label={onChange ? label : t('common.longText.viewer', { label })}
      />
    );
  if (short)
    return (
      <pre className={props.className} {...region}>
        {shortText}
      </pre>
    );
  const head = headOf(pretty ? jsonHead(text, SHOWN_CHARS + 1) : text);
  return (
    <>
      <pre className={props.className} {...region}>
        {head}
        {'\n…'}
      </pre>
      <Flex gap={8} align="center" wrap className="long-text-more">
        <Typography.Text type="secondary">
          {t('common.longText.partShown', { shown: sizeText(head.length), size: sizeText(text.length) })}
        </Typography.Text>
        <Button size="small" loading={opening} onClick={() => void showAll()}>
          {t(onChange ? 'common.longText.editAll' : 'common.longText.showAll')}
        </Button>
      </Flex>
    </>
  );
}
