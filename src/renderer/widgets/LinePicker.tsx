import { ArrayBase } from '@formily/antd-v5';
import { Button, Input, Modal, Table, type TableColumnType } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useEffect, useMemo, useState } from 'react';
import type { LineSourceDef, ReferenceDef } from '@/generated/schema-files';
import { t as text, useTranslation } from '@/i18n';
import { referenceText } from '@/schema/references';
import { DEFAULT_WIDTH, guessValueType } from '@/schema/resolve/columns';
import { Value } from '../list/detail-parts';
import type { Row } from '../schema-types';
import { addRowsAsLines, type LineSource, listSource, loadLineSource, missingHeader } from './line-source';
import { observer } from '@formily/react';

interface Props {
  addBy: LineSourceDef;
  reference: ReferenceDef;
  /** The child's title, e.g. 采购明细. */
  title: string;
}

const PAGE_SIZE = 20;

/**
 * The chooser's columns: the row's code and label, then what a picked row brings to its line (the
 * reference's copied fields, as the referenced resource titles and formats them). Rows sharing a label
 * (a commodity's batches in stock, its prices per store and price type) are told apart by them.
 */
function chooserColumns(source: LineSource | undefined): TableColumnType<Row>[] {
  const named: TableColumnType<Row> = {
    title: text('lines.name'),
    key: 'text',
    render: (_v, row) => (source ? referenceText(source.ref, row) : ''),
  };
  if (!source) return [named];
  const shown = new Set([source.ref.label, source.ref.code]);
  const copied = [...new Set(Object.values(source.ref.copy))].filter(
    (f) => !shown.has(f) && source.def.fields[f],
  );
  return [
    named,
    ...copied.map((field) => {
      const f = source.def.fields[field];
      const valueType = guessValueType(f);
      const column = {
        field,
        title: f?.title ?? field,
        valueType,
        enum: f?.['x-enum'],
        source: { file: `schemas/resources/${source.def.name}.json`, path: `/fields/${field}` },
      };
      return {
        key: field,
        title: column.title,
        width: DEFAULT_WIDTH[valueType],
        align: ['money', 'quantity', 'digit'].includes(valueType) ? ('right' as const) : undefined,
        render: (_v: unknown, row: Row) => <Value column={column} row={row} />,
      };
    }),
  ];
}

/**
 * x-component LinePicker (issue 12.8): picks many rows of the referenced resource at once (searched,
 * paged, ticked across pages) and adds them as lines; a row already on a line counts it up.
 */
export const LinePicker = observer(function LinePicker({ addBy, reference, title }: Props) {
  const { t } = useTranslation();
  const array = ArrayBase.useArray();
  const { message } = useApp();
  const [source, setSource] = useState<LineSource>();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNo: 1, total: 0, list: [] as Row[], loading: false });
  const [picked, setPicked] = useState<Map<unknown, Row>>(new Map());

  useEffect(() => {
    void loadLineSource(addBy, reference).then(setSource);
  }, [addBy, reference]);

  const load = async (pageNo: number, text = keyword) => {
    if (!source) return;
    setPage((p) => ({ ...p, loading: true }));
    try {
      const res = await listSource(
        source,
        { [source.ref.search]: text || undefined },
        pageNo,
        PAGE_SIZE,
        array!.field.form.values as Row,
      );
      setPage({ pageNo, total: res.total, list: res.list, loading: false });
    } catch {
      setPage((p) => ({ ...p, loading: false }));
    }
  };

  const confirm = () => {
    if (!source || !array?.field) return;
    const { added, counted } = addRowsAsLines(array.field, source, [...picked.values()]);
    message.success(counted ? t('lines.addedCounted', { added, counted }) : t('lines.added', { added }));
    setOpen(false);
    setPicked(new Map());
  };

  const key = source?.ref.value ?? 'id';
  const columns = useMemo(() => chooserColumns(source), [source]);
  // "$header.x" lines (e.g. the chosen supplier's commodities) wait until the header has it.
  const waiting = array?.field ? missingHeader(source, array.field) : undefined;
  return (
    <>
      <Button
        onClick={() => {
          setOpen(true);
          void load(1);
        }}
        disabled={!source || waiting !== undefined}
        title={waiting ? t('lines.chooseFirst', { title: waiting }) : undefined}
        style={{ marginBottom: 8, marginRight: 8 }}
      >
        {t('lines.pickMany', { title })}
      </Button>
      <Modal
        title={t('lines.pick', { title })}
        open={open}
        width={columns.length > 2 ? 960 : 720}
        okText={t('lines.addPicked', { n: picked.size })}
        okButtonProps={{ disabled: !picked.size }}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Input.Search
          allowClear
          placeholder={t('lines.search')}
          onSearch={(text) => {
            setKeyword(text);
            void load(1, text);
          }}
          style={{ marginBottom: 12 }}
        />
        <Table<Row>
          size="small"
          rowKey={(row) => String(row[key])}
          loading={page.loading}
          dataSource={page.list}
          columns={columns}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            preserveSelectedRowKeys: true,
            selectedRowKeys: [...picked.keys()].map(String),
            onChange: (_keys, rows) =>
              setPicked((old) => {
                // Ticks on other pages stay; this page's ticks are replaced by what antd reports.
                const next = new Map([...old].filter(([k]) => !page.list.some((r) => r[key] === k)));
                for (const row of rows) if (row) next.set(row[key], row);
                return next;
              }),
          }}
          pagination={{
            current: page.pageNo,
            pageSize: PAGE_SIZE,
            total: page.total,
            showSizeChanger: false,
            onChange: (n) => void load(n),
          }}
        />
      </Modal>
    </>
  );
});
