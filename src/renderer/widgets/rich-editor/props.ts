/** The props of the one rich-text editor (./RichTextEditor.tsx), kept apart so callers need not load it. */
export interface RichTextEditorProps {
  value?: string;
  /** The sanitised-on-entry HTML; '' when the editor holds no text and no picture. */
  onChange?(html: string): void;
  onBlur?(): void;
  placeholder?: string;
  disabled?: boolean;
  /** Shows 'n / max' characters of text (SPEC 5 counts text, not markup); the caller enforces it. */
  maxTextLength?: number;
  /** Upload model type of inserted pictures (the folder they are kept in). */
  imageModelType?: string;
}
