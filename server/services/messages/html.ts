import { createRequire } from 'node:module';
import { createRichTextSanitizer, type RichTextSanitizer } from '../../../src/schema/rich-text';

/**
 * Rich text of messages, notices and release notes, sanitised on the server before it is stored and
 * again when it is answered. The configuration is the one the browser uses (src/schema/rich-text.ts:
 * DOMPurify with one allow-list and hooks), here on a jsdom window, whose HTML parser follows the
 * standard as the browser's does. Pinned by tests/unit/schemas/rich-text.test.ts and the server tests.
 */
let sanitizer: RichTextSanitizer | undefined;

// jsdom is loaded on first use, not at start: it takes about a second to load, which a server start
// (and every test app) would otherwise pay without writing or reading any rich text.
const load = createRequire(import.meta.url);

function get(): RichTextSanitizer {
  if (!sanitizer) {
    const { JSDOM } = load('jsdom') as typeof import('jsdom');
    sanitizer = createRichTextSanitizer(new JSDOM('').window as unknown as Window & typeof globalThis);
  }
  return sanitizer;
}

/**
 * Lists answer the same stored texts again and again, and a DOM sanitiser costs milliseconds a text:
 * the last few hundred answers are kept (the result depends on the input alone). Long texts are not.
 */
function memo(f: (html: string) => string): (html: string) => string {
  const kept = new Map<string, string>();
  return (html) => {
    const hit = kept.get(html);
    if (hit !== undefined) return hit;
    const out = f(html);
    if (html.length <= 16_384) {
      if (kept.size >= 500) kept.delete(kept.keys().next().value!);
      kept.set(html, out);
    }
    return out;
  };
}

/** The stored form of user-written rich text. */
export const sanitizeRichText = memo((html) => get().sanitize(html));

/** The text a reader sees (tags dropped, entities decoded), for length limits and list summaries. */
export const richTextToText = memo((html) => get().text(html));

/** SPEC 5 counts characters of text: code points, so an emoji is one character as the editor shows it. */
export function textLength(text: string): number {
  return Array.from(text).length;
}
