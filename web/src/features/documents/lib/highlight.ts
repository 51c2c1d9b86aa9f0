/**
 * Code highlighting for rendered markdown, loaded on its own (a lazy chunk) and only by a page that shows code:
 * highlight.js's common languages, the named language when it knows it, else its best guess. Its output is the
 * code's own text, escaped, in spans of its classes, and goes through the sanitiser with the rest.
 */
import hljs from 'highlight.js/lib/common';
import 'highlight.js/styles/github-dark.css';
import type { Highlighter } from './safe-html';

export const highlight: Highlighter = (code, language) =>
  (language && hljs.getLanguage(language) ? hljs.highlight(code, { language }) : hljs.highlightAuto(code)).value;
