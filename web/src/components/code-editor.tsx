/**
 * CodeMirror 6 for mock bodies: JSON (static bodies and Mock.js templates) or JavaScript (scripts), with the
 * problems `check` finds marked in the text and the gutter. This module and CodeMirror load only with the mock
 * editor (it is imported lazily), never with the first page.
 */
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { forceLinting, linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, basicSetup } from 'codemirror';
import { useEffect, useLayoutEffect, useRef, type CSSProperties } from 'react';

export interface CodeProblem {
  from: number;
  to: number;
  message: string;
}

export interface CodeEditorProps {
  value: string;
  onChange?: (text: string) => void;
  /** `text`: no language, no highlighting (a body that is not JSON). */
  language: 'json' | 'javascript' | 'text';
  readOnly?: boolean;
  /** The accessible name of the editing area. */
  label: string;
  /** Problems of a text, in words; marked as errors. */
  check?: (text: string) => CodeProblem[];
  /** Marks the editor's frame as invalid (a problem the server reported). */
  invalid?: boolean;
  /** Ids of the texts that describe the editor (its problems, its help). */
  describedBy?: string;
  /** Height of the editing area, in pixels, however short the text. */
  minHeight?: number;
}

const theme = EditorView.theme({
  '&': { border: '1px solid #d9d9d9', borderRadius: '6px', backgroundColor: '#fff', fontSize: '13px' },
  '&.cm-focused': { outline: '2px solid #5b5bd6', outlineOffset: '-1px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', maxHeight: '480px', overflow: 'auto' },
  '.cm-gutters': { backgroundColor: '#f7f7f9', color: '#595959', borderRight: '1px solid #eee' },
  // The editor keeps its height while almost empty, so it reads as a place to type.
  '.cm-content, .cm-gutter': { minHeight: 'var(--code-editor-min-height, 160px)' },
});

export default function CodeEditor(props: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChange = useRef(props.onChange);
  const check = useRef(props.check);
  const compartments = useRef({ language: new Compartment(), editable: new Compartment(), attributes: new Compartment() });

  useEffect(() => {
    onChange.current = props.onChange;
  }, [props.onChange]);

  useEffect(() => {
    check.current = props.check;
    if (view.current) forceLinting(view.current);
  }, [props.check]);

  // One editor per mount; later prop changes are applied to it below.
  useEffect(() => {
    const { language, editable, attributes } = compartments.current;
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: props.value,
        extensions: [
          basicSetup,
          theme,
          EditorView.lineWrapping,
          language.of(languageOf(props.language)),
          editable.of([EditorState.readOnly.of(!!props.readOnly), EditorView.editable.of(!props.readOnly)]),
          attributes.of(EditorView.contentAttributes.of(contentAttributes(props))),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChange.current?.(update.state.doc.toString());
          }),
          lintGutter(),
          linter(
            (v): Diagnostic[] =>
              (check.current?.(v.state.doc.toString()) ?? []).map((p) => ({
                from: p.from,
                to: p.to,
                severity: 'error',
                message: p.message,
              })),
            { delay: 250 },
          ),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; the effects below follow the props
  }, []);

  // A text given from outside (a saved body) replaces the editor's. In the commit, before any further input: a
  // passive effect could run after the next keystroke and put back the text from before it.
  useLayoutEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === props.value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: props.value } });
  }, [props.value]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.current.language.reconfigure(languageOf(props.language)) });
  }, [props.language]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.current.editable.reconfigure([
        EditorState.readOnly.of(!!props.readOnly),
        EditorView.editable.of(!props.readOnly),
      ]),
    });
  }, [props.readOnly]);

  const { label, invalid, describedBy } = props;
  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.current.attributes.reconfigure(
        EditorView.contentAttributes.of(contentAttributes({ label, invalid, describedBy })),
      ),
    });
  }, [label, invalid, describedBy]);

  const style = props.minHeight ? ({ '--code-editor-min-height': `${props.minHeight}px` } as CSSProperties) : undefined;
  return <div ref={host} className={`code-editor${props.invalid ? ' code-editor-invalid' : ''}`} style={style} />;
}

const languageOf = (language: CodeEditorProps['language']) =>
  language === 'json' ? json() : language === 'javascript' ? javascript() : [];

function contentAttributes(props: Pick<CodeEditorProps, 'label' | 'invalid' | 'describedBy'>): Record<string, string> {
  return {
    'aria-label': props.label,
    ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
    ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
  };
}
