import { Button, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';
import { PickerTable } from '../common/PickerTable';
import { usePagedList } from '../common/usePagedList';
import { fetchOrgAttributes, fetchPermissions, fetchRoles } from './api';
import styles from './messages.module.css';

export interface PickedRole {
  roleId: number;
  roleName: string;
}

type RoleQuery = { keyword?: string; orgAttributeName?: string; permissionId?: number };

interface Props {
  value: PickedRole[];
  onOk(roles: PickedRole[]): void;
  onCancel(): void;
}

/**
 * SPEC 6 role picker: active roles only (the server's list), filtered by name or code, organisation
 * attribute and function permission.
 */
export function RolePicker({ value, onOk, onCancel }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [orgAttributeName, setOrgAttributeName] = useState<string>();
  const [permissionId, setPermissionId] = useState<number>();
  const [attributes, setAttributes] = useState<string[]>([]);
  const [permissions, setPermissions] = useState<{ label: string; value: number }[]>([]);
  const [picked, setPicked] = useState<PickedRole[]>(value);
  const list = usePagedList(fetchRoles, {} as RoleQuery);

  useEffect(() => {
    void fetchOrgAttributes().then(setAttributes, () => undefined);
  }, []);

  const searchPermissions = (str: string) => {
    if (!str.trim()) return;
    void fetchPermissions(str).then(
      (rows) =>
        setPermissions(rows.map((p) => ({ label: p.code ? `${p.name}（${p.code}）` : p.name, value: p.id }))),
      () => undefined,
    );
  };

  return (
    <Modal
      title={t('messages.rolePicker.title')}
      open
      width={640}
      onOk={() => onOk(picked)}
      onCancel={onCancel}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
    >
      <div className={styles.pickerFilters}>
        <Input
          placeholder={t('messages.rolePicker.keyword')}
          allowClear
          style={{ width: 160 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Select
          placeholder={t('messages.rolePicker.orgAttribute')}
          allowClear
          style={{ width: 120 }}
          value={orgAttributeName}
          options={attributes.map((a) => ({ label: a, value: a }))}
          onChange={setOrgAttributeName}
        />
        <Select
          placeholder={t('messages.rolePicker.permission')}
          allowClear
          showSearch
          filterOption={false}
          style={{ width: 180 }}
          value={permissionId}
          options={permissions}
          onSearch={searchPermissions}
          onChange={setPermissionId}
        />
        <Button
          type="primary"
          onClick={() =>
            list.search({ keyword: keyword.trim() || undefined, orgAttributeName, permissionId })
          }
        >
          {t('common.query')}
        </Button>
      </div>
      <PickerTable
        list={list}
        columns={[
          { title: t('messages.rolePicker.code'), dataIndex: 'code' },
          { title: t('messages.rolePicker.name'), dataIndex: 'name' },
          { title: t('messages.rolePicker.orgAttribute'), dataIndex: 'orgAttributeName' },
        ]}
        rowKey={(r) => r.id}
        picked={picked}
        keyOfPicked={(p) => p.roleId}
        toPicked={(r) => ({ roleId: r.id, roleName: r.name })}
        onPick={setPicked}
      />
    </Modal>
  );
}
