import { Descriptions } from 'antd';
import type { UserCenterInfo } from './user-center-api';
import { useTranslation } from '@/i18n';

const dash = (value: string | undefined) => value || '—';

/** The read-only basic data tab (SPEC 2.9). */
export function BasicInfo({ info }: { info: UserCenterInfo }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      bordered
      size="middle"
      styles={{ label: { width: 140 } }}
      items={[
        { key: 'account', label: t('userCenter.account'), children: dash(info.employeeNumber) },
        { key: 'name', label: t('userCenter.name'), children: dash(info.employeeName) },
        { key: 'org', label: t('userCenter.org'), children: dash(info.orgName) },
        { key: 'type', label: t('userCenter.type'), children: dash(info.employeeTypeName) },
        { key: 'position', label: t('userCenter.position'), children: dash(info.positionName) },
        { key: 'tel', label: t('userCenter.tel'), children: dash(info.employeeTel) },
        { key: 'email', label: t('userCenter.email'), children: dash(info.employeeEmail) },
        { key: 'city', label: t('userCenter.city'), children: dash(info.employeeCity) },
      ]}
    />
  );
}
