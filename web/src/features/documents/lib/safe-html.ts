/**
 * Everything a user wrote that becomes HTML goes through DOMPurify here, so a `javascript:` link, an `onerror`
 * attribute or a <script> never runs. Markdown is rendered by marked, then sanitised like rich text.
 *
 * Styles and classes are narrowed to what our editors produce: a public document must not be able to dress
 * itself as our interface (a full-screen fixed overlay, our own dialog classes) to phish its readers.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

const OPTIONS = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'frame', 'frameset', 'object', 'embed', 'link', 'meta', 'base'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/(?!\/)|data:image\/(?:png|gif|jpeg|webp);)/i,
};

/** Inline styles Quill writes (colour, background colour, alignment), with plain colour or keyword values. */
const ALLOWED_STYLES = new Set(['color', 'background-color', 'text-align']);
const SAFE_STYLE_VALUE = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.%\s,]+\)|[a-z-]{1,20})$/i;
/** Quill's own classes (alignment, indent, code, lists) and marked's code language. */
const ALLOWED_CLASS = /^(ql-[a-z0-9-]+|language-[\w+-]{1,30})$/;

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

export const markdownToSafeHtml = (markdown: string) => sanitizeHtml(marked.parse(markdown, { async: false, gfm: true }));
