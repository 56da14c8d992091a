import { App, Button, Input, Modal, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { listV1, PRINTER_MSG, type PrinterV1, setDefaultV1 } from './api';

export interface PrinterDialogProps {
  open: boolean;
  onClose(): void;
}

/** SPEC 2.13, 4, 5, 7.4: personal printer setting, version 1: a paged list and 'set as default'. */
export default function PrinterV1Dialog({ open, onClose }: PrinterDialogProps) {
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [printName, setPrintName] = useState<string>();
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: 10 });
  const [rows, setRows] = useState<PrinterV1[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<number>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      const data = await listV1({ ...paging, pageTotal: 0, ...(printName ? { printName } : {}) });
      setRows(data.data.list);
      setTotal(data.total);
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  }, [paging, printName]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const makeDefault = async (id: number) => {
    if (busy !== undefined) return;
    setBusy(id);
    try {
      await setDefaultV1(id);
      message.success(PRINTER_MSG.ok);
      await load();
    } catch {
      message.error(PRINTER_MSG.failed);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Modal title="个人打印机设置" open={open} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Space style={{ marginBottom: 12 }}>
        <Input
          placeholder="打印机名称"
          allowClear
          value={name}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => {
            setPrintName(name.trim() || undefined);
            setPaging((p) => ({ ...p, pageNo: 1 }));
          }}
          style={{ width: 220 }}
          data-field="printName"
        />
        <Button
          type="primary"
          onClick={() => {
            setPrintName(name.trim() || undefined);
            setPaging((p) => ({ ...p, pageNo: 1 }));
          }}
        >
          查询
        </Button>
      </Space>
      <Table<PrinterV1>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        data-printer-table="v1"
        columns={[
          { title: '打印机名称', dataIndex: 'printName' },
          {
            title: '默认打印机',
            dataIndex: 'defPrinter',
            width: 110,
            render: (v: number | null) => (v !== null ? <Tag color="success">默认</Tag> : null),
          },
          {
            title: '操作',
            width: 110,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                disabled={r.defPrinter !== null}
                loading={busy === r.id}
                onClick={() => void makeDefault(r.id)}
                data-set-default={r.id}
              >
                设为默认
              </Button>
            ),
          },
        ]}
        pagination={{
          current: paging.pageNo,
          pageSize: paging.pageSize,
          total,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (pageNo, pageSize) => setPaging({ pageNo, pageSize }),
        }}
      />
    </Modal>
  );
}
