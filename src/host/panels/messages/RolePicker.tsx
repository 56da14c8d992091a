import { Button, Input, Modal, Select, Table } from 'antd';
import { useEffect, useState } from 'react';
import { fetchOrgAttributes, fetchPermissions, fetchRoles, type Page, type RoleRow } from './api';
import styles from './messages.module.css';

export interface PickedRole {
  roleId: number;
  roleName: string;
}

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
  const [keyword, setKeyword] = useState('');
  const [orgAttributeName, setOrgAttributeName] = useState<string>();
  const [permissionId, setPermissionId] = useState<number>();
  const [attributes, setAttributes] = useState<string[]>([]);
  const [permissions, setPermissions] = useState<{ label: string; value: number }[]>([]);
  const [pageNo, setPageNo] = useState(1);
  const [page, setPage] = useState<Page<RoleRow>>();
  const [loading, setLoading] = useState(false);
  const [picked, setPicked] = useState<PickedRole[]>(value);
  const [query, setQuery] = useState<{ keyword?: string; orgAttributeName?: string; permissionId?: number }>(
    {},
  );

  useEffect(() => {
    void fetchOrgAttributes().then(setAttributes, () => undefined);
  }, []);
  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchRoles({ ...query, pageNo, pageSize: 10 })
      .then((p) => live && setPage(p))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [query, pageNo]);

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
      title="选择角色"
      open
      width={640}
      onOk={() => onOk(picked)}
      onCancel={onCancel}
      okText="确定"
      cancelText="取消"
    >
      <div className={styles.pickerFilters}>
        <Input
          placeholder="角色名称或编码"
          allowClear
          style={{ width: 160 }}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
        />
        <Select
          placeholder="机构属性"
          allowClear
          style={{ width: 120 }}
          value={orgAttributeName}
          options={attributes.map((a) => ({ label: a, value: a }))}
          onChange={setOrgAttributeName}
        />
        <Select
          placeholder="功能权限"
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
          onClick={() => {
            setPageNo(1);
            setQuery({ keyword: keyword.trim() || undefined, orgAttributeName, permissionId });
          }}
        >
          查询
        </Button>
      </div>
      <Table<RoleRow>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={page?.list ?? []}
        columns={[
          { title: '角色编码', dataIndex: 'code' },
          { title: '角色名称', dataIndex: 'name' },
          { title: '机构属性', dataIndex: 'orgAttributeName' },
        ]}
        rowSelection={{
          preserveSelectedRowKeys: true,
          selectedRowKeys: picked.map((r) => r.roleId),
          onChange: (_, rows) => {
            const byId = new Map(picked.map((r) => [r.roleId, r]));
            const shown = new Set((page?.list ?? []).map((r) => r.id));
            for (const id of shown) byId.delete(id);
            for (const r of rows) if (r) byId.set(r.id, { roleId: r.id, roleName: r.name });
            setPicked([...byId.values()]);
          },
        }}
        pagination={{ current: pageNo, pageSize: 10, total: page?.total, onChange: setPageNo, size: 'small' }}
      />
    </Modal>
  );
}
