import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT } from '../../../src/schema/rich-text';
import { UPLOAD_URL_PREFIX } from '../upload';

/**
 * Rich text of messages and release notes, sanitised on the server before it is stored (the browser
 * sanitises again with DOMPurify when it shows it). An allow-list: formatting, lists, links and images
 * only; no scripts, no event handlers, no javascript: URLs, no styles beyond colour and alignment.
 * Pinned by tests/server/panels-messages.test.ts.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  // The one allow-list, shared with the browser's DOMPurify (src/schema/rich-text.ts).
  allowedTags: [...RICH_TEXT.tags],
  allowedAttributes: RICH_TEXT.attributes,
  allowedStyles: { '*': RICH_TEXT.styles },
  allowedSchemes: [...RICH_TEXT.schemes],
  allowedSchemesByTag: { img: [...RICH_TEXT.imageSchemes] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links leave the console in a new tab without handing it the opener.
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    // An uploaded image's full address (http://host/uploads/…) is kept as its path on this server.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, src: uploadPath(attribs.src) ?? '' } }),
  },
  // Only images uploaded to this server: no tracking pixels or hot-linked pictures from elsewhere.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The /uploads/… path of an image address on this server, or undefined for any other address. */
function uploadPath(src: string | undefined): string | undefined {
  if (!src) return undefined;
  let path = src;
  if (/^https?:\/\//i.test(src)) {
    try {
      path = new URL(src).pathname;
    } catch {
      return undefined;
    }
  }
  return path.startsWith(UPLOAD_URL_PREFIX) && !path.includes('..') ? path : undefined;
}

/** The stored form of user-written rich text. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The text a reader sees (tags dropped, entities decoded), for length limits and list summaries. */
export function richTextToText(html: string): string {
  return sanitizeHtml(html, TEXT_ONLY).replace(
    /&(amp|lt|gt|quot|#39|nbsp);/g,
    (_, e: string) => ENTITIES[e]!,
  );
}

/** SPEC 5 counts characters of text: code points, so an emoji is one character as the editor shows it. */
export function textLength(text: string): number {
  return Array.from(text).length;
}
