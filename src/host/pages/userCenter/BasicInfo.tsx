import { Descriptions } from 'antd';
import type { UserCenterInfo } from './user-center-api';

const dash = (value: string | undefined) => value || '—';

/** The read-only basic data tab (SPEC 2.9). */
export function BasicInfo({ info }: { info: UserCenterInfo }) {
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      styles={{ label: { width: 140 } }}
      items={[
        { key: 'account', label: '员工账号', children: dash(info.employeeNumber) },
        { key: 'name', label: '员工姓名', children: dash(info.employeeName) },
        { key: 'org', label: '所属机构', children: dash(info.orgName) },
        { key: 'type', label: '员工类型', children: dash(info.employeeTypeName) },
        { key: 'position', label: '职位名称', children: dash(info.positionName) },
        { key: 'tel', label: '手机号', children: dash(info.employeeTel) },
        { key: 'email', label: '邮箱', children: dash(info.employeeEmail) },
        { key: 'city', label: '所在城市', children: dash(info.employeeCity) },
      ]}
    />
  );
}
