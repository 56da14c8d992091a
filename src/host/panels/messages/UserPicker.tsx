import { Button, Input, Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { fetchUsers, type Page, type UserRow } from './api';
import styles from './messages.module.css';

export interface PickedUser {
  userId: number;
  userName: string;
}

interface Props {
  scope: 'radio' | 'dept';
  value: PickedUser[];
  onOk(users: PickedUser[]): void;
  onCancel(): void;
}

/** SPEC 6 user picker: opened accounts only (a department notice: its own organisations' people). */
export function UserPicker({ scope, value, onOk, onCancel }: Props) {
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page<UserRow>>();
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<PickedUser[]>(value);

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchUsers({ keyword: query, scope, pageNo, pageSize: 10 })
      .then((p) => live && setPage(p))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, scope, pageNo]);

  return (
    <Modal
      title="选择用户"
      open
      width={680}
      onOk={() => onOk(picked)}
      onCancel={onCancel}
      okText="确定"
      cancelText="取消"
    >
      <div className={styles.pickerFilters}>
        <Input
          placeholder="工号或姓名"
          allowClear
          style={{ width: 200 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => {
            setPageNo(1);
            setQuery(keyword.trim() || undefined);
          }}
        />
        <Button
          type="primary"
          onClick={() => {
            setPageNo(1);
            setQuery(keyword.trim() || undefined);
          }}
        >
          查询
        </Button>
      </div>
      <Table<UserRow>
        rowKey="userId"
        size="small"
        loading={loading}
        dataSource={page?.list ?? []}
        columns={[
          { title: '工号', dataIndex: 'employeeCode' },
          { title: '姓名', dataIndex: 'employeeName' },
          { title: '部门编码', dataIndex: 'departmentCode' },
          { title: '部门', dataIndex: 'departmentName' },
          { title: '员工类型', dataIndex: 'employeeType' },
        ]}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: picked.map((u) => u.userId),
          onChange: (_, rows) => {
            const byId = new Map(picked.map((u) => [u.userId, u]));
            for (const r of page?.list ?? []) byId.delete(r.userId);
            for (const r of rows) if (r) byId.set(r.userId, { userId: r.userId, userName: r.employeeName });
            setPicked([...byId.values()]);
          },
        }}
        pagination={{ current: pageNo, pageSize: 10, total: page?.total, onChange: setPageNo, size: 'small' }}
      />
    </Modal>
  );
}
