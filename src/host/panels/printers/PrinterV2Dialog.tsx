import { Badge, Button, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { formatDateTime } from '@/schema/format';
import { listPagination, usePagedList } from '../common/usePagedList';
import { cancelDefaultV2, listV2, PAGE_SIZES, type PrinterV2, setDefaultV2 } from './api';
import type { PrinterDialogProps } from './PrinterV1Dialog';
import { usePrinterAction } from './usePrinterAction';

/**
 * SPEC 2.13, 3, 4, 7.4: personal printer setting, trial version 2: search by name and online status,
 * the print server's clients with status and jobs, set default and cancel default.
 */
export default function PrinterV2Dialog({ open, onClose }: PrinterDialogProps) {
  const [name, setName] = useState('');
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
      title="个人打印机设置（试用版）"
      open={open}
      onCancel={onClose}
      footer={null}
      width={980}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Input
          placeholder="打印机名称"
          allowClear
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={search}
          style={{ width: 200 }}
          data-field="printerName"
        />
        <Select
          placeholder="监控状态"
          allowClear
          value={status}
          onChange={setStatus}
          style={{ width: 120 }}
          options={[
            { label: '在线', value: 1 },
            { label: '离线', value: 0 },
          ]}
          data-field="monitorStatus"
        />
        <Button type="primary" onClick={search}>
          查询
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
            title: '打印机名称',
            dataIndex: 'printerName',
            width: 200,
            render: (v: string, r) => (
              <Space size={4}>
                {v}
                {r.defPrinter === '1' && <Tag color="success">默认</Tag>}
              </Space>
            ),
          },
          { title: '部门', dataIndex: 'department', width: 120 },
          { title: '工号', dataIndex: 'employeeCode', width: 90 },
          { title: '员工', dataIndex: 'employeeName', width: 80 },
          { title: 'IP', dataIndex: 'ip', width: 110 },
          {
            title: '监控状态',
            dataIndex: 'monitorStatus',
            width: 90,
            render: (v: number) => (
              <Badge status={v === 1 ? 'success' : 'default'} text={v === 1 ? '在线' : '离线'} />
            ),
          },
          { title: '打印状态', dataIndex: 'printStatus', width: 90 },
          { title: '任务数', dataIndex: 'numberOfJobs', width: 70 },
          { title: '备注', dataIndex: 'printerRemark', width: 120, ellipsis: true },
          {
            title: '创建时间',
            dataIndex: 'createTime',
            width: 150,
            render: (v: string) => formatDateTime(v, 'yyyy-MM-dd HH:mm'),
          },
          {
            title: '操作',
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
                  取消默认
                </Button>
              ) : (
                <Button
                  type="link"
                  size="small"
                  loading={busy === r.id}
                  onClick={() => void run(r.id, setDefaultV2)}
                  data-set-default={r.id}
                >
                  设为默认
                </Button>
              ),
          },
        ]}
        pagination={listPagination(list, PAGE_SIZES)}
      />
    </Modal>
  );
}
