import { Button, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { listPagination, usePagedList } from '../common/usePagedList';
import { listV1, PAGE_SIZES, type PrinterV1, setDefaultV1 } from './api';
import { usePrinterAction } from './usePrinterAction';
import { useTranslation } from '@/i18n';

export interface PrinterDialogProps {
  open: boolean;
  onClose(): void;
}

/** SPEC 2.13, 4, 5, 7.4: personal printer setting, version 1: a paged list and 'set as default'. */
export default function PrinterV1Dialog({ open, onClose }: PrinterDialogProps) {
  const [name, setName] = useState('');
  const { t } = useTranslation();
  const list = usePagedList(
    (q: { printName?: string } & { pageNo: number; pageSize: number }) =>
      listV1({ ...q, pageTotal: 0 }).then((d) => ({ list: d.data.list, total: d.total })),
    {},
    { enabled: open },
  );
  const { busy, run } = usePrinterAction(list.reload);
  const search = () => list.search(name.trim() ? { printName: name.trim() } : {});

  return (
    <Modal
      title={t('userMenu.printerV1')}
      open={open}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <Input
          placeholder={t('printers.name')}
          allowClear
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={search}
          style={{ width: 220 }}
          data-field="printName"
        />
        <Button type="primary" onClick={search}>
          {t('common.query')}
        </Button>
      </Space>
      <Table<PrinterV1>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        data-printer-table="v1"
        columns={[
          { title: t('printers.name'), dataIndex: 'printName' },
          {
            title: t('printers.isDefault'),
            dataIndex: 'defPrinter',
            width: 110,
            render: (v: number | null) =>
              v !== null ? <Tag color="success">{t('printers.default')}</Tag> : null,
          },
          {
            title: t('printers.actions'),
            width: 110,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                disabled={r.defPrinter !== null}
                loading={busy === r.id}
                onClick={() => void run(r.id, setDefaultV1)}
                data-set-default={r.id}
              >
                {t('printers.setDefault')}
              </Button>
            ),
          },
        ]}
        pagination={listPagination(list, PAGE_SIZES)}
      />
    </Modal>
  );
}
