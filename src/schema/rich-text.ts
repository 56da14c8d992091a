/**
 * The one allow-list of rich text (messages, notices, release notes), for both walls: the server's
 * sanitize-html before storing (server/services/messages/html.ts) and the browser's DOMPurify before
 * showing or editing (src/renderer/widgets/rich-text-safe.ts). Formatting, lists, tables, links and
 * images only; styles only colour, alignment, weight and decoration.
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
  /** Link schemes; images only over http(s), and only from this server's uploads. */
  schemes: ['http', 'https', 'mailto'],
  imageSchemes: ['http', 'https'],
} as const;

/** Keeps the allowed declarations of a style attribute (the browser's filter; sanitize-html has its own). */
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
