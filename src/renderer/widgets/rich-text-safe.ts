import DOMPurify from 'dompurify';
import { allowedStyle, RICH_TEXT } from '@/schema/rich-text';

/** Where images uploaded to this server are served (server/services/upload.ts). */
const UPLOADS = '/uploads/';

const ATTRIBUTES = [...new Set(Object.values(RICH_TEXT.attributes).flat())];
const SCHEMES = new RegExp(`^(?:(?:${RICH_TEXT.schemes.join('|')}):|/|#)`, 'i');

let hooked = false;

/** The path of an address on this server ('' when it cannot be read). */
function pathOf(src: string): string {
  try {
    return new URL(src, window.location.origin).pathname;
  } catch {
    return '';
  }
}

/** The browser's side of the one allow-list (src/schema/rich-text.ts): per-tag attributes, styles, images. */
function hook() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const allowed = [...(RICH_TEXT.attributes[tag] ?? []), ...(RICH_TEXT.attributes['*'] ?? [])];
    if (!allowed.includes(data.attrName)) {
      data.keepAttr = false;
      return;
    }
    if (data.attrName === 'style') data.attrValue = allowedStyle(data.attrValue);
    if (tag === 'img' && data.attrName === 'src') {
      const path = pathOf(data.attrValue);
      // Only images uploaded here: no tracking pixels or pictures hot-linked from elsewhere.
      if (!path.startsWith(UPLOADS) || path.includes('..')) data.keepAttr = false;
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    // Links leave the console in a new tab without handing it the opener (as the server stores them).
    if (node.nodeName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.nodeName === 'IMG' && !node.getAttribute('src')) node.remove();
  });
}

/** Rich text as it may be shown or edited in the browser: the second wall after the server's. */
export function safeRichText(html: string): string {
  hook();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT.tags],
    ALLOWED_ATTR: ATTRIBUTES,
    ALLOWED_URI_REGEXP: SCHEMES,
  });
}
