import type { Field } from '@formily/core';
import { connect, mapReadPretty, useField } from '@formily/react';
import { useEffect } from 'react';
import { t } from '@/i18n';
import { richTextText, safeRichText } from './rich-text-safe';
import { RichTextEditor } from './rich-editor';

/**
 * x-component RichText: the console's rich-text editor (./rich-editor, loaded on demand) as a form
 * field, for notices and release notes. With `maxTextLength` the field refuses more characters of text
 * than that (SPEC 5 counts text, not markup) with `maxTextMessage`, before the server says the same.
 */
export interface RichTextProps {
  value?: string;
  onChange?(html: string): void;
  maxTextLength?: number;
  maxTextMessage?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Upload model type of inserted pictures. */
  imageModelType?: string;
}

/** The one sanitiser of rich text, as the server applies it (src/schema/rich-text.ts). */
export const sanitizeRichText = safeRichText;

/** Characters of text as the server counts them (code points). */
export const richTextLength = (html: string) => Array.from(richTextText(html)).length;

function RichTextBase({ maxTextLength, maxTextMessage, ...props }: RichTextProps) {
  const field = useField<Field | undefined>();
  useEffect(() => {
    if (!field?.setValidator || maxTextLength === undefined) return;
    const previous = field.validator;
    const rule = {
      validator: (v: unknown) =>
        typeof v === 'string' && richTextLength(v) > maxTextLength
          ? (maxTextMessage ?? t('widgets.richTextMax', { max: maxTextLength }))
          : '',
    };
    const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [previous];
    field.setValidator([...list, rule]);
    // Restored on unmount, so a remount (StrictMode) never stacks the rule twice.
    return () => field.setValidator(previous);
  }, [field, maxTextLength, maxTextMessage]);
  return <RichTextEditor {...props} maxTextLength={maxTextLength} onBlur={() => field?.onBlur?.()} />;
}

function RichTextPreview({ value }: { value?: string }) {
  return (
    <div className="fr-rich-text-view" dangerouslySetInnerHTML={{ __html: sanitizeRichText(value ?? '') }} />
  );
}

export const RichText = connect(RichTextBase, mapReadPretty(RichTextPreview));
