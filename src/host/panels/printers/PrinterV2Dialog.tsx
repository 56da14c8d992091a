import { Badge, Button, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '@/schema/format';
import { listPagination, usePagedList } from '../common/usePagedList';
import { cancelDefaultV2, listV2, PAGE_SIZES, type PrinterV2, setDefaultV2 } from './api';
import type { PrinterDialogProps } from './PrinterV1Dialog';
import { usePrinterAction } from './usePrinterAction';
import { useTranslation } from '@/i18n';

/**
 * SPEC 2.13, 3, 4, 7.4: personal printer setting, trial version 2: search by name and online status,
 * the print server's clients with status and jobs, set default and cancel default.
 */
export default function PrinterV2Dialog({ open, onClose }: PrinterDialogProps) {
  const [name, setName] = useState('');
  const { t } = useTranslation();
  const [status, setStatus] = useState<0 | 1>();
  const list = usePagedList(
    (q: { printerName?: string; monitorStatus?: 0 | 1 } & { pageNo: number; pageSize: number }) =>
      listV2({ ...q, pageTotal: 0 }),
    {},
    { enabled: open },
  );
  const { busy, run } = usePrinterAction(list.reload);
  const search = () => list.search({ printerName: name.trim() || undefined, monitorStatus: status });

  return (
    <Modal
      title={t('userMenu.printerV2')}
      open={open}
      onCancel={onClose}
      footer={null}
      width={980}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Input
          placeholder={t('printers.name')}
          allowClear
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={search}
          style={{ width: 200 }}
          data-field="printerName"
        />
        <Select
          placeholder={t('printers.monitorStatus')}
          allowClear
          value={status}
          onChange={setStatus}
          style={{ width: 120 }}
          options={[
            { label: t('printers.online'), value: 1 },
            { label: t('printers.offline'), value: 0 },
          ]}
          data-field="monitorStatus"
        />
        <Button type="primary" onClick={search}>
          {t('common.query')}
        </Button>
      </Space>
      <Table<PrinterV2>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        scroll={{ x: 1100 }}
        data-printer-table="v2"
        columns={[
          {
            title: t('printers.name'),
            dataIndex: 'printerName',
            width: 200,
            render: (v: string, r) => (
              <Space size={4}>
                {v}
                {r.defPrinter === '1' && <Tag color="success">{t('printers.default')}</Tag>}
              </Space>
            ),
          },
          { title: t('printers.department'), dataIndex: 'department', width: 120 },
          { title: t('printers.employeeCode'), dataIndex: 'employeeCode', width: 90 },
          { title: t('printers.employee'), dataIndex: 'employeeName', width: 80 },
          { title: 'IP', dataIndex: 'ip', width: 110 },
          {
            title: t('printers.monitorStatus'),
            dataIndex: 'monitorStatus',
            width: 90,
            render: (v: number) => (
              <Badge
                status={v === 1 ? 'success' : 'default'}
                text={v === 1 ? t('printers.online') : t('printers.offline')}
              />
            ),
          },
          { title: t('printers.printStatus'), dataIndex: 'printStatus', width: 90 },
          { title: t('printers.jobs'), dataIndex: 'numberOfJobs', width: 70 },
          { title: t('printers.remark'), dataIndex: 'printerRemark', width: 120, ellipsis: true },
          {
            title: t('printers.createdAt'),
            dataIndex: 'createTime',
            width: 150,
            render: (v: string) => formatDateTime(v, 'yyyy-MM-dd HH:mm'),
          },
          {
            title: t('printers.actions'),
            width: 100,
            fixed: 'right',
            render: (_, r) =>
              r.defPrinter === '1' ? (
                <Button
                  type="link"
                  size="small"
                  danger
                  loading={busy === r.id}
                  onClick={() => void run(r.id, cancelDefaultV2)}
                  data-cancel-default={r.id}
                >
                  {t('printers.cancelDefault')}
                </Button>
              ) : (
                <Button
                  type="link"
                  size="small"
                  loading={busy === r.id}
                  onClick={() => void run(r.id, setDefaultV2)}
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
