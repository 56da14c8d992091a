import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { Placeholder } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, Tooltip, Upload } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { uploadImage } from '@/runtime/request';
import { extensionMessage, sizeMessage } from '../upload-messages';
import { richTextText, safeRichText } from '../rich-text-safe';
import type { RichTextEditorProps } from './props';
import './rich-editor.css';

/**
 * The one rich-text editor of the console (notices, release notes, messages) on tiptap (ProseMirror):
 * bold, italic, underline, lists, links, and pictures uploaded to this server. Whatever enters (the
 * initial value, a paste) passes the shared sanitiser first (src/schema/rich-text.ts); the server
 * sanitises again when it stores. Loaded on demand by ./index.tsx, so pages without an editor never
 * load tiptap.
 */
const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp'];
const IMAGE_MAX_KB = 5120;
const LINK = /^(https?:\/\/\S+|mailto:\S+)$/i;

/** An editor holding only blank lines is empty: a required rule should say so. */
function normalise(html: string): string {
  return richTextText(html).trim() === '' && !/<img\b/i.test(html) ? '' : html;
}

function Tool(props: {
  title: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick?(): void;
}) {
  return (
    <Tooltip title={props.title}>
      <Button
        size="small"
        type={props.active ? 'primary' : 'text'}
        ghost={props.active}
        icon={props.icon}
        aria-label={props.title}
        aria-pressed={props.active}
        disabled={props.disabled}
        // Keep the selection in the editor.
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}

/** 链接: asks for the address of the selected text's link (empty removes it). */
function LinkTool(props: { editor: Editor; active?: boolean; disabled?: boolean }) {
  const { editor, disabled } = props;
  const { t } = useTranslation();
  const { message } = useApp();
  const [href, setHref] = useState<string>();
  const close = () => {
    setHref(undefined);
    editor.commands.focus();
  };
  const apply = () => {
    const value = (href ?? '').trim();
    if (value && !LINK.test(value)) {
      void message.error(t('richText.linkInvalid'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (value) chain.setLink({ href: value }).run();
    else chain.unsetLink().run();
    setHref(undefined);
  };
  return (
    <>
      <Tool
        title={t('richText.link')}
        icon={<LinkOutlined />}
        active={props.active}
        disabled={disabled}
        onClick={() => setHref((editor.getAttributes('link').href as string | undefined) ?? '')}
      />
      <Modal
        title={t('richText.insertLink')}
        open={href !== undefined}
        onOk={apply}
        onCancel={close}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={href}
          placeholder={t('richText.linkPlaceholder')}
          onChange={(e) => setHref(e.target.value)}
          onPressEnter={apply}
          data-rich-text-link
        />
      </Modal>
    </>
  );
}

/** 插入图片: uploads the picture (SPEC 7.5) and inserts it by its address on this server. */
function ImageTool(props: { editor: Editor; modelType: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  return (
    <span data-rich-text-image>
      <Upload
        accept={IMAGE_EXTENSIONS.join(',')}
        showUploadList={false}
        disabled={props.disabled || busy}
        beforeUpload={(file) => {
          // SPEC 5 'Image upload': the texts the server answers with.
          const ext = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
          if (!IMAGE_EXTENSIONS.includes(ext)) {
            void message.error(extensionMessage(IMAGE_EXTENSIONS));
            return Upload.LIST_IGNORE;
          }
          if (file.size > IMAGE_MAX_KB * 1024) {
            void message.error(sizeMessage(IMAGE_MAX_KB));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file }) => {
          setBusy(true);
          uploadImage(file as File, props.modelType, 'xs')
            .then(({ visitUrl }) => {
              props.editor
                .chain()
                .focus()
                .setImage({ src: visitUrl, alt: (file as File).name })
                .run();
            })
            // The request layer showed why (SPEC 8 '上传失败' or the server's message).
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <Tool
          title={t('richText.insertImage')}
          icon={<PictureOutlined />}
          disabled={props.disabled || busy}
        />
      </Upload>
    </span>
  );
}

export default function RichTextEditor({
  value,
  onChange,
  onBlur,
  placeholder,
  disabled,
  maxTextLength,
  imageModelType = 'RICH_TEXT',
}: RichTextEditorProps) {
  const { t } = useTranslation();
  // What the editor holds as a value (its first content, then what it handed out): a value coming
  // back is not set again (the caret would jump).
  const emitted = useRef(value ?? '');
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' },
        code: false,
        codeBlock: false,
      }),
      Image.configure({ allowBase64: false }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: safeRichText(value ?? ''),
    editable: !disabled,
    editorProps: {
      attributes: {
        class: 'fr-rich-text-area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': placeholder ?? '',
        'data-rich-text': '',
      },
      // Pasted markup passes the same sanitiser as everything else that enters.
      transformPastedHTML: safeRichText,
    },
    onUpdate: ({ editor: e }) => {
      const html = normalise(e.getHTML());
      emitted.current = html;
      onChange?.(html);
    },
    onBlur: () => onBlur?.(),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      underline: e?.isActive('underline') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  useEffect(() => {
    if (!editor || editor.isDestroyed || (value ?? '') === emitted.current) return;
    emitted.current = value ?? '';
    editor.commands.setContent(safeRichText(value ?? ''), { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setEditable(!disabled);
  }, [editor, disabled]);

  const length = Array.from(richTextText(value ?? '')).length;
  const run = (f: (e: Editor) => void) => () => editor && f(editor);
  return (
    <div className="fr-rich-text" data-rich-text-editor>
      {editor && (
        <div className="fr-rich-text-bar">
          <Tool
            title={t('richText.bold')}
            icon={<BoldOutlined />}
            active={active?.bold}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleBold().run())}
          />
          <Tool
            title={t('richText.italic')}
            icon={<ItalicOutlined />}
            active={active?.italic}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleItalic().run())}
          />
          <Tool
            title={t('richText.underline')}
            icon={<UnderlineOutlined />}
            active={active?.underline}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleUnderline().run())}
          />
          <Tool
            title={t('richText.ordered')}
            icon={<OrderedListOutlined />}
            active={active?.ordered}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleOrderedList().run())}
          />
          <Tool
            title={t('richText.bullet')}
            icon={<UnorderedListOutlined />}
            active={active?.bullet}
            disabled={disabled}
            onClick={run((e) => e.chain().focus().toggleBulletList().run())}
          />
          <LinkTool editor={editor} active={active?.link} disabled={disabled} />
          <ImageTool editor={editor} modelType={imageModelType} disabled={disabled} />
        </div>
      )}
      <EditorContent editor={editor} />
      {maxTextLength !== undefined && (
        <div className={length > maxTextLength ? 'fr-rich-text-count fr-over' : 'fr-rich-text-count'}>
          {length} / {maxTextLength}
        </div>
      )}
    </div>
  );
}
