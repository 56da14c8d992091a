import { createRichTextSanitizer, type RichTextSanitizer } from '@/schema/rich-text';

/**
 * The browser's wall of rich text: the one sanitiser configuration the server also applies
 * (src/schema/rich-text.ts), on this window. Whatever is shown or enters an editor passes here.
 */
let sanitizer: RichTextSanitizer | undefined;

// Made on first use, so modules importing this load where there is no window (unit tests in Node).
const get = () => (sanitizer ??= createRichTextSanitizer(window));

/** Rich text as it may be shown or edited in the browser. */
export const safeRichText = (html: string): string => get().sanitize(html);

/** The text a reader sees, as the server counts it for SPEC 5's limits. */
export const richTextText = (html: string): string => get().text(html);
