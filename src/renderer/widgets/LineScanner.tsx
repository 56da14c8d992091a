import { ArrayBase } from '@formily/antd-v5';
import { Input } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useEffect, useState } from 'react';
import type { LineSourceDef, ReferenceDef } from '@/generated/schema-files';
import { useTranslation } from '@/i18n';
import type { Row } from '../schema-types';
import { addRowsAsLines, type LineSource, listSource, loadLineSource, missingHeader } from './line-source';
import { observer } from '@formily/react';

interface Props {
  addBy: LineSourceDef;
  reference: ReferenceDef;
}

/**
 * x-component LineScanner (issue 12.8): a box for a scanner or the keyboard above a line table. Enter
 * looks the code up in the referenced resource (its `scan` filter): one match adds its line or counts
 * it up, none or several say so in Chinese. The box empties for the next scan.
 */
export const LineScanner = observer(function LineScanner({ addBy, reference }: Props) {
  const { t } = useTranslation();
  const array = ArrayBase.useArray();
  const { message } = useApp();
  const [source, setSource] = useState<LineSource>();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void loadLineSource(addBy, reference).then(setSource);
  }, [addBy, reference]);
  const waiting = array?.field ? missingHeader(source, array.field) : undefined;
  const scan = async () => {
    const text = code.trim();
    if (!text || !source || !array?.field || !addBy.scan) return;
    setBusy(true);
    try {
      const page = await listSource(source, { [addBy.scan]: text }, 1, 2, array.field.form.values as Row);
      if (page.list.length !== 1) {
        message.warning(
          page.list.length ? t('lines.barcodeMany', { code: text }) : t('lines.barcodeNone', { code: text }),
        );
        return;
      }
      addRowsAsLines(array.field, source, page.list);
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Input.Search
      className="fr-line-scanner"
      value={code}
      allowClear
      loading={busy}
      disabled={waiting !== undefined}
      placeholder={waiting ? t('lines.chooseFirst', { title: waiting }) : t('lines.scan')}
      enterButton={t('lines.add')}
      onChange={(e) => setCode(e.target.value)}
      onSearch={() => void scan()}
      style={{ maxWidth: 360, marginBottom: 8 }}
    />
  );
});
