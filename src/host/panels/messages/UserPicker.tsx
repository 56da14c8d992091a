import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { PickerTable } from '../common/PickerTable';
import { usePagedList } from '../common/usePagedList';
import { fetchUsers } from './api';
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
  const list = usePagedList(
    (q: { keyword?: string; pageNo: number; pageSize: number }) => fetchUsers({ ...q, scope }),
    {},
  );
  const [picked, setPicked] = useState<PickedUser[]>(value);
  const search = () => list.search({ keyword: keyword.trim() || undefined });

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
          onPressEnter={search}
        />
        <Button type="primary" onClick={search}>
          查询
        </Button>
      </div>
      <PickerTable
        list={list}
        columns={[
          { title: '工号', dataIndex: 'employeeCode' },
          { title: '姓名', dataIndex: 'employeeName' },
          { title: '部门编码', dataIndex: 'departmentCode' },
          { title: '部门', dataIndex: 'departmentName' },
          { title: '员工类型', dataIndex: 'employeeType' },
        ]}
        rowKey={(r) => r.userId}
        picked={picked}
        keyOfPicked={(u) => u.userId}
        toPicked={(r) => ({ userId: r.userId, userName: r.employeeName })}
        onPick={setPicked}
      />
    </Modal>
  );
}
