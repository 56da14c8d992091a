import createDOMPurify, { type WindowLike } from 'dompurify';

/**
 * The one sanitiser configuration of rich text (messages, notices, release notes), for both walls:
 * the server sanitises before storing and answering (server/services/messages/html.ts, on a jsdom
 * window), the browser again before showing or editing (src/renderer/widgets/rich-text-safe.ts, on its
 * own window). Both run DOMPurify with this allow-list and these hooks, so they agree by construction.
 * Formatting, lists, tables, links and images only; styles only colour, alignment, weight and
 * decoration; images only from this server's uploads. Pinned by tests/unit/schemas/rich-text.test.ts.
 */
export const RICH_TEXT = {
  tags: [
    'p',
    'br',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'sub',
    'sup',
    'h1',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'pre',
    'code',
    'ol',
    'ul',
    'li',
    'a',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  attributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['style'],
  } as Record<string, string[]>,
  styles: {
    color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
    'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
    'text-align': [/^(left|right|center|justify)$/],
    'font-weight': [/^(bold|normal|[1-9]00)$/],
    'text-decoration': [/^(underline|line-through|none)$/],
  } as Record<string, RegExp[]>,
  /** Link schemes (plus paths and anchors on this site); images are checked by imagePath alone. */
  schemes: ['http', 'https', 'mailto'],
} as const;

/** Where images uploaded to this server are served (server/services/upload.ts UPLOAD_URL_PREFIX). */
export const RICH_TEXT_UPLOADS = '/uploads/';

/** Keeps the allowed declarations of a style attribute. */
export function allowedStyle(style: string): string {
  return style
    .split(';')
    .map((d) => d.trim())
    .filter((d) => {
      const i = d.indexOf(':');
      if (i < 0) return false;
      const prop = d.slice(0, i).trim().toLowerCase();
      const value = d.slice(i + 1).trim();
      return (RICH_TEXT.styles[prop] ?? []).some((re) => re.test(value));
    })
    .join('; ');
}

// Any base does: only the path of the address is kept.
const BASE = 'http://self.invalid';
const UPLOAD_PATH = /^\/uploads\/[\w\-./]+$/;

/**
 * The /uploads/… path an image address stands for on this server, or undefined. An absolute http(s)
 * address keeps only its path (a copy pasted from this console carries the full address), so the stored
 * image always loads from this server: no tracking pixels or pictures hot-linked from elsewhere.
 * Protocol-relative, data: and other addresses, dot segments and encoded separators are refused.
 */
export function imagePath(src: string | null | undefined): string | undefined {
  const raw = (src ?? '').trim();
  if (!/^https?:\/\//i.test(raw) && !(raw.startsWith('/') && !raw.startsWith('//'))) return undefined;
  if (raw.includes('..') || /%2e|%2f|%5c|\\/i.test(raw)) return undefined;
  let path: string;
  try {
    path = new URL(raw, BASE).pathname;
  } catch {
    return undefined;
  }
  return path.startsWith(RICH_TEXT_UPLOADS) && UPLOAD_PATH.test(path) ? path : undefined;
}

const ATTRIBUTES = [...new Set(Object.values(RICH_TEXT.attributes).flat())];
const LINKS = new RegExp(`^(?:(?:${RICH_TEXT.schemes.join('|')}):|/(?!/)|#)`, 'i');

export interface RichTextSanitizer {
  /** Rich text as it may be stored or shown. */
  sanitize(html: string): string;
  /** The text a reader sees (tags dropped, entities decoded), for length limits and summaries. */
  text(html: string): string;
}

/**
 * The sanitiser on a DOM window: the browser's own, or a jsdom window on the server. One DOMPurify
 * instance per window, so the hooks below apply to rich text only.
 */
export function createRichTextSanitizer(window: WindowLike): RichTextSanitizer {
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const allowed = [...(RICH_TEXT.attributes[tag] ?? []), ...(RICH_TEXT.attributes['*'] ?? [])];
    if (!allowed.includes(data.attrName)) {
      data.keepAttr = false;
      return;
    }
    if (data.attrName === 'style') data.attrValue = allowedStyle(data.attrValue);
    if (tag === 'img' && data.attrName === 'src') {
      const path = imagePath(data.attrValue);
      // DOMPurify's own URI check still runs on the path.
      if (path) data.attrValue = path;
      else data.keepAttr = false;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    // Links leave the console in a new tab without handing it the opener.
    if (el.nodeName === 'A') {
      el.setAttribute('target', '_blank');
      el.setAttribute('rel', 'noopener noreferrer');
    }
    if (el.nodeName === 'IMG' && !el.getAttribute('src')) el.remove();
    if (el.getAttribute?.('style') === '') el.removeAttribute('style');
  });
  const config = {
    ALLOWED_TAGS: [...RICH_TEXT.tags],
    ALLOWED_ATTR: ATTRIBUTES,
    ALLOWED_URI_REGEXP: LINKS,
  };
  return {
    sanitize: (html) => purify.sanitize(html, config),
    text: (html) => purify.sanitize(html, { ...config, RETURN_DOM: true }).textContent ?? '',
  };
}
