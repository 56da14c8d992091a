import type { Field } from '@formily/core';
import { connect, mapReadPretty, useField } from '@formily/react';
import { Button, Tooltip } from 'antd';
import { safeRichText } from './rich-text-safe';
import { useEffect, useRef } from 'react';

/**
 * x-component RichText: a small rich-text editor (bold, italic, underline, lists) for notices and
 * release notes. Whatever enters (initial value, paste) is sanitised with DOMPurify; the server
 * sanitises again when it stores. With `maxTextLength` the field refuses more characters of text than
 * that (SPEC 5 counts text, not markup) with `maxTextMessage`, before the server says the same.
 */
export interface RichTextProps {
  value?: string;
  onChange?(html: string): void;
  maxTextLength?: number;
  maxTextMessage?: string;
  placeholder?: string;
  disabled?: boolean;
}

const TOOLS = [
  { cmd: 'bold', title: '加粗', text: 'B', style: { fontWeight: 700 } },
  { cmd: 'italic', title: '斜体', text: 'I', style: { fontStyle: 'italic' } },
  { cmd: 'underline', title: '下划线', text: 'U', style: { textDecoration: 'underline' } },
  { cmd: 'insertOrderedList', title: '有序列表', text: '1.', style: {} },
  { cmd: 'insertUnorderedList', title: '无序列表', text: '•', style: {} },
] as const;

/** The one allow-list of rich text, as the server applies it (src/schema/rich-text.ts). */
export const sanitizeRichText = safeRichText;

function textOf(html: string): string {
  return new DOMParser().parseFromString(sanitizeRichText(html), 'text/html').body.textContent ?? '';
}

/** Characters of text as the server counts them (code points). */
export const richTextLength = (html: string) => Array.from(textOf(html)).length;

/** An editor holding only blank lines is empty: the required rule should say so. */
const normalise = (html: string) => (textOf(html).trim() === '' && !/<img\b/i.test(html) ? '' : html);

function RichTextBase({
  value,
  onChange,
  maxTextLength,
  maxTextMessage,
  placeholder,
  disabled,
}: RichTextProps) {
  const ref = useRef<HTMLDivElement>(null);
  const field = useField<Field | undefined>();
  useEffect(() => {
    const el = ref.current;
    if (el && normalise(el.innerHTML) !== (value ?? '')) el.innerHTML = sanitizeRichText(value ?? '');
  }, [value]);
  useEffect(() => {
    if (!field?.setValidator || maxTextLength === undefined) return;
    const previous = field.validator;
    const rule = {
      validator: (v: unknown) =>
        typeof v === 'string' && richTextLength(v) > maxTextLength
          ? (maxTextMessage ?? `内容不能超过${maxTextLength}字`)
          : '',
    };
    const list = previous === undefined ? [] : Array.isArray(previous) ? previous : [previous];
    field.setValidator([...list, rule]);
    // Restored on unmount, so a remount (StrictMode) never stacks the rule twice.
    return () => field.setValidator(previous);
  }, [field, maxTextLength, maxTextMessage]);
  const emit = () => onChange?.(normalise(ref.current?.innerHTML ?? ''));
  const length = richTextLength(value ?? '');
  return (
    <div className="fr-rich-text">
      <div className="fr-rich-text-bar">
        {TOOLS.map((t) => (
          <Tooltip key={t.cmd} title={t.title}>
            <Button
              size="small"
              type="text"
              aria-label={t.title}
              disabled={disabled}
              style={t.style}
              onMouseDown={(e) => {
                // Keep the selection in the editor.
                e.preventDefault();
                document.execCommand(t.cmd);
                emit();
              }}
            >
              {t.text}
            </Button>
          </Tooltip>
        ))}
      </div>
      <div
        ref={ref}
        className="fr-rich-text-area"
        contentEditable={!disabled}
        role="textbox"
        aria-multiline
        aria-label={placeholder}
        data-placeholder={placeholder}
        data-rich-text
        onInput={emit}
        onBlur={() => field?.onBlur?.()}
        onPaste={(e) => {
          e.preventDefault();
          const html = e.clipboardData.getData('text/html');
          if (html) document.execCommand('insertHTML', false, sanitizeRichText(html));
          else document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
          emit();
        }}
      />
      {maxTextLength !== undefined && (
        <div className={length > maxTextLength ? 'fr-rich-text-count fr-over' : 'fr-rich-text-count'}>
          {length} / {maxTextLength}
        </div>
      )}
    </div>
  );
}

function RichTextPreview({ value }: { value?: string }) {
  return (
    <div className="fr-rich-text-view" dangerouslySetInnerHTML={{ __html: sanitizeRichText(value ?? '') }} />
  );
}

export const RichText = connect(RichTextBase, mapReadPretty(RichTextPreview));
