import { ArrayTable } from '@formily/antd-v5';
import type { LineSourceDef, ReferenceDef } from '@/generated/schema-files';
import { useTranslation } from '@/i18n';
import { LinePicker } from './LinePicker';
import { LineScanner } from './LineScanner';

interface Props {
  addBy: LineSourceDef;
  reference: ReferenceDef;
  title: string;
}

/**
 * x-component LineAddition: what goes under a line table whose child declares `addBy` (issue 12.8):
 * the scan box, the pick-many button and the usual one-line addition. One component, because
 * Formily's ArrayTable renders a single addition node (the one whose component is named *Addition).
 */
export function LineAddition({ addBy, reference, title }: Props) {
  const { t } = useTranslation();
  return (
    <div className="fr-line-addition">
      <div>
        {addBy.scan ? <LineScanner addBy={addBy} reference={reference} /> : null}
        <LinePicker addBy={addBy} reference={reference} title={title} />
      </div>
      <ArrayTable.Addition title={t('lines.addOne', { title })} />
    </div>
  );
}
