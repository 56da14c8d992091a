import { memo } from 'react';
import { EMPTY } from '../../schema/format';
import { sanitizeRichText } from './RichText';
import type { CellProps } from './types';

/**
 * valueType richText: stored rich text (a notice's content) shown formatted. The server sanitised it;
 * it is sanitised again here (DOMPurify), so markup that slipped past the server stays inert.
 */
export const RichTextCell = memo(function RichTextCell({ value }: CellProps) {
  if (typeof value !== 'string' || value.trim() === '') return <>{EMPTY}</>;
  return (
    <div
      className="fr-rich-text-view"
      data-rich-text-view
      dangerouslySetInnerHTML={{ __html: sanitizeRichText(value) }}
    />
  );
});
