import { Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/i18n';
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
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const list = usePagedList(
    (q: { keyword?: string; pageNo: number; pageSize: number }) => fetchUsers({ ...q, scope }),
    {},
  );
  const [picked, setPicked] = useState<PickedUser[]>(value);
  const search = () => list.search({ keyword: keyword.trim() || undefined });

  return (
    <Modal
      title={t('messages.userPicker.title')}
      open
      width={680}
      onOk={() => onOk(picked)}
      onCancel={onCancel}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
    >
      <div className={styles.pickerFilters}>
        <Input
          placeholder={t('messages.userPicker.keyword')}
          allowClear
          style={{ width: 200 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={search}
        />
        <Button type="primary" onClick={search}>
          {t('common.query')}
        </Button>
      </div>
      <PickerTable
        list={list}
        columns={[
          { title: t('messages.userPicker.employeeCode'), dataIndex: 'employeeCode' },
          { title: t('messages.userPicker.name'), dataIndex: 'employeeName' },
          { title: t('messages.userPicker.departmentCode'), dataIndex: 'departmentCode' },
          { title: t('messages.userPicker.department'), dataIndex: 'departmentName' },
          { title: t('messages.userPicker.employeeType'), dataIndex: 'employeeType' },
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
