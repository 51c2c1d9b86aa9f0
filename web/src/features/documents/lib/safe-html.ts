/**
 * Everything a user wrote that becomes HTML goes through DOMPurify here, so a `javascript:` link, an `onerror`
 * attribute or a <script> never runs. Markdown is rendered by marked, then sanitised like rich text.
 *
 * Styles and classes are narrowed to what our editors produce: a public document must not be able to dress
 * itself as our interface (a full-screen fixed overlay, our own dialog classes) to phish its readers.
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const OPTIONS = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'frame', 'frameset', 'object', 'embed', 'link', 'meta', 'base'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/(?!\/)|data:image\/(?:png|gif|jpeg|webp);)/i,
};

/** Inline styles Quill writes (colour, background colour, alignment), with plain colour or keyword values. */
const ALLOWED_STYLES = new Set(['color', 'background-color', 'text-align']);
const SAFE_STYLE_VALUE = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.%\s,]+\)|[a-z-]{1,20})$/i;
/** Quill's own classes (alignment, indent, code, lists), marked's code language and our task-list boxes. */
const ALLOWED_CLASS = /^(ql-[a-z0-9-]+|language-[\w+-]{1,30}|task-box|task-done|hljs(-[a-z_-]{1,30})?|[a-z_]{1,20}_)$/;

function allowedStyle(style: string): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return '';
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      return ALLOWED_STYLES.has(property) && SAFE_STYLE_VALUE.test(value) ? `${property}: ${value}` : '';
    })
    .filter(Boolean)
    .join('; ');
}

DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style') {
    data.attrValue = allowedStyle(data.attrValue);
    if (!data.attrValue) data.keepAttr = false;
  } else if (data.attrName === 'class') {
    data.attrValue = data.attrValue
      .split(/\s+/)
      .filter((c) => ALLOWED_CLASS.test(c))
      .join(' ');
    if (!data.attrValue) data.keepAttr = false;
  }
});

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  // Links open safely in a new tab and never hand the page to the target.
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

export const sanitizeHtml = (html: string) => DOMPurify.sanitize(html, OPTIONS);

/** Code to coloured HTML (escaped text in spans): highlight.js, loaded only where code shows (./highlight.ts). */
export type Highlighter = (code: string, language: string | undefined) => string;

/**
 * GitHub-flavoured markdown: tables, strikethrough, autolinks and task lists. A task's box is a read-only
 * checkbox by role (a form control has no place in a document, and inputs stay forbidden). With a highlighter,
 * fenced code comes out coloured; either way the result goes through the sanitiser.
 */
function renderer(highlight?: Highlighter) {
  return new Marked({ gfm: true, async: false }).use({
    renderer: {
      checkbox({ checked }) {
        return `<span class="task-box${checked ? ' task-done' : ''}" role="checkbox" aria-checked="${checked}" aria-disabled="true"></span> `;
      },
      ...(highlight
        ? {
            code({ text, lang }) {
              const language = lang?.match(/^[\w+-]{1,30}/)?.[0];
              const cls = language ? ` language-${language}` : '';
              return `<pre><code class="hljs${cls}">${highlight(text, language)}</code></pre>\n`;
            },
          }
        : {}),
    },
  });
}

const plain = renderer();
let highlighted: { with: Highlighter; marked: Marked } | undefined;

export function markdownToSafeHtml(source: string, highlight?: Highlighter) {
  if (highlight && highlighted?.with !== highlight) highlighted = { with: highlight, marked: renderer(highlight) };
  const marked = highlight ? highlighted!.marked : plain;
  return sanitizeHtml(marked.parse(source, { async: false }));
}

/** Whether rendered markdown shows a code block (and so wants the highlighter). */
export const showsCode = (html: string) => html.includes('<pre><code');
