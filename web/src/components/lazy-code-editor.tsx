/**
 * The code editor as every screen uses it: CodeMirror and its languages load on first use, never with the page that
 * shows the editor, and a spinner of the editor's size stands in while they come.
 */
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import type { CodeEditorProps } from './code-editor';

const CodeEditor = lazy(() => import('./code-editor'));

export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense
      fallback={
        <div className="code-editor-loading">
          <Spin />
        </div>
      }
    >
      <CodeEditor {...props} />
    </Suspense>
  );
}
