import { JSDOM } from 'jsdom';
import { createRichTextSanitizer, type RichTextSanitizer } from '../../../src/schema/rich-text';

/**
 * Rich text of messages, notices and release notes, sanitised on the server before it is stored and
 * again when it is answered. The configuration is the one the browser uses (src/schema/rich-text.ts:
 * DOMPurify with one allow-list and hooks), here on a jsdom window, whose HTML parser follows the
 * standard as the browser's does. Pinned by tests/unit/schemas/rich-text.test.ts and the server tests.
 */
let sanitizer: RichTextSanitizer | undefined;

// Made on first use: building a jsdom window costs a few milliseconds that most calls never need.
function get(): RichTextSanitizer {
  sanitizer ??= createRichTextSanitizer(new JSDOM('').window as unknown as Window & typeof globalThis);
  return sanitizer;
}

/** The stored form of user-written rich text. */
export function sanitizeRichText(html: string): string {
  return get().sanitize(html);
}

/** The text a reader sees (tags dropped, entities decoded), for length limits and list summaries. */
export function richTextToText(html: string): string {
  return get().text(html);
}

/** SPEC 5 counts characters of text: code points, so an emoji is one character as the editor shows it. */
export function textLength(text: string): number {
  return Array.from(text).length;
}
