import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { htmlTextLength, safeHtml } from '../rich-text';
import styles from './messages.module.css';

export interface RichEditorProps {
  value?: string;
  onChange?(html: string): void;
  maxLength: number;
  placeholder?: string;
}

const TOOLS = [
  { cmd: 'bold', title: '加粗', icon: <BoldOutlined /> },
  { cmd: 'italic', title: '斜体', icon: <ItalicOutlined /> },
  { cmd: 'underline', title: '下划线', icon: <UnderlineOutlined /> },
  { cmd: 'insertOrderedList', title: '有序列表', icon: <OrderedListOutlined /> },
  { cmd: 'insertUnorderedList', title: '无序列表', icon: <UnorderedListOutlined /> },
] as const;

/**
 * A small rich-text editor for notices (SPEC 3: content is rich text): bold, italic, underline, lists.
 * Pasted HTML is sanitised before it enters; the count shows characters of text, as SPEC 5 limits them.
 */
export function RichEditor({ value, onChange, maxLength, placeholder }: RichEditorProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && el.innerHTML !== (value ?? '')) el.innerHTML = safeHtml(value ?? '');
  }, [value]);
  const emit = () => onChange?.(ref.current?.innerHTML ?? '');
  const length = htmlTextLength(value ?? '');
  return (
    <div className={styles.editor}>
      <div className={styles.editorBar}>
        {TOOLS.map((t) => (
          <Tooltip key={t.cmd} title={t.title}>
            <Button
              size="small"
              type="text"
              icon={t.icon}
              aria-label={t.title}
              onMouseDown={(e) => {
                // Keep the selection in the editor.
                e.preventDefault();
                document.execCommand(t.cmd);
                emit();
              }}
            />
          </Tooltip>
        ))}
      </div>
      <div
        ref={ref}
        className={styles.editorArea}
        contentEditable
        role="textbox"
        aria-multiline
        data-placeholder={placeholder}
        data-rich-editor
        onInput={emit}
        onPaste={(e) => {
          e.preventDefault();
          const html = e.clipboardData.getData('text/html');
          const text = e.clipboardData.getData('text/plain');
          if (html) document.execCommand('insertHTML', false, safeHtml(html));
          else document.execCommand('insertText', false, text);
          emit();
        }}
      />
      <div className={styles.editorCount} style={length > maxLength ? { color: '#ff4d4f' } : undefined}>
        {length} / {maxLength}
      </div>
    </div>
  );
}
