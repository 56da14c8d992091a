import { richTextText, safeRichText } from '@/renderer/widgets/rich-text-safe';

/**
 * Rich text from the server (messages, release notes) is sanitised again before it is shown: the server
 * already stored it sanitised, this is the second wall (SPEC 2.12; issue 6), with the one sanitiser
 * configuration both share (src/schema/rich-text.ts). Links open in a new tab.
 */
export const safeHtml = safeRichText;

/** The text a reader sees, counted in characters (code points) as the server counts it (SPEC 5). */
export function htmlTextLength(html: string): number {
  return Array.from(richTextText(html)).length;
}

/** Whether the rich text has any text at all (blank paragraphs are empty). */
export function htmlHasText(html: string): boolean {
  return richTextText(html).trim() !== '';
}
