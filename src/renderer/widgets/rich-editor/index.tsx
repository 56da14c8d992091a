import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './props';

export type { RichTextEditorProps } from './props';

// tiptap and ProseMirror load only with the first editor a page shows (their own chunk).
const Editor = lazy(() => import('./RichTextEditor'));

/** The one rich-text editor, loaded on demand; a frame of its size shows while it loads. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<div className="fr-rich-text-loading" style={FALLBACK} aria-busy />}>
      <Editor {...props} />
    </Suspense>
  );
}

const FALLBACK = { minHeight: 200, border: '1px solid #d9d9d9', borderRadius: 6 } as const;
