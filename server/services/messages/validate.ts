import { ApiError } from '../../http/envelope';
import { MESSAGE_MSG, SEND_LIMITS } from './constants';
import { richTextToText, sanitizeRichText, textLength } from './html';

/** The trimmed title; blank is refused (the request schema already bounds its length). */
export function checkTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed === '') throw ApiError.badRequest(MESSAGE_MSG.title);
  return trimmed;
}

/** Sanitised content and its text, refused when empty or over 2000 characters of text (SPEC 5). */
export function checkContent(html: string): { html: string; text: string } {
  const clean = sanitizeRichText(html);
  const text = richTextToText(clean);
  const length = textLength(text);
  if (text.trim() === '' || length > SEND_LIMITS.content) throw ApiError.badRequest(MESSAGE_MSG.content);
  return { html: clean, text };
}
