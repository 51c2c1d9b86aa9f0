/**
 * Everything a user wrote that becomes HTML goes through DOMPurify here, so a `javascript:` link, an `onerror`
 * attribute or a <script> never runs. Markdown is rendered by marked, then sanitised like rich text.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

const OPTIONS = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#|\/(?!\/)|data:image\/(?:png|gif|jpeg|webp);)/i,
};

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  // Links open safely in a new tab and never hand the page to the target.
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

export const sanitizeHtml = (html: string) => DOMPurify.sanitize(html, OPTIONS);

export const markdownToSafeHtml = (markdown: string) => sanitizeHtml(marked.parse(markdown, { async: false, gfm: true }));
