import { CheckOutlined, DownOutlined, ShopOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, Spin, Tag } from 'antd';
import { useState } from 'react';
import { setMenus, setProfile, type PermissionEntry } from '@/runtime/session';
import { clearTabs } from '@/runtime/tabs';
import styles from '../layout.module.css';
import { tabStateStore } from '../shell-state';
import { useShell } from '../use-shell';
import { chooseOrg, fetchOrgs, type OrgRef } from './org-api';
import { useTranslation } from '@/i18n';

/**
 * SPEC 2.11 organisation switcher: lists the user's organisations, re-chooses the store on the server,
 * then reloads into /home so menus, permissions, profile and both sub-apps start on the new choice
 * (tabs of the old organisation may not be allowed any more: they are closed).
 */
export function OrgSwitcher() {
  const { profile } = useShell();
  const { t } = useTranslation();
  const [orgs, setOrgs] = useState<OrgRef[] | null>(null);
  const [busy, setBusy] = useState(false);

  const load = (open: boolean) => {
    if (open && orgs === null) void fetchOrgs().then(setOrgs, () => setOrgs([]));
  };

  const choose = async (org: OrgRef) => {
    if (org.orgId === profile.orgId || busy) return;
    setBusy(true);
    try {
      const next = await chooseOrg(org, profile.systemId);
      setProfile(next);
      setMenus(next.permissions as PermissionEntry[]);
      clearTabs();
      tabStateStore.clear();
      window.location.assign('/home');
    } catch {
      // The request layer has shown why.
      setBusy(false);
    }
  };

  const items: MenuProps['items'] =
    orgs === null
      ? [{ key: 'loading', label: <Spin size="small" />, disabled: true }]
      : orgs.map((o) => ({
          key: String(o.orgId),
          label: (
            <span className={styles.orgItem}>
              <span>{o.refObjName}</span>
              {o.refObjStatus === 0 && <Tag color="default">{o.refObjStatusName}</Tag>}
              {o.orgId === profile.orgId && <CheckOutlined className={styles.orgCurrent} />}
            </span>
          ),
          onClick: () => void choose(o),
        }));

  return (
    <Dropdown menu={{ items }} trigger={['click']} onOpenChange={load}>
      <button type="button" className={styles.orgSwitch} data-org-switcher>
        <ShopOutlined />
        <span className={styles.orgName}>{profile.storeName || t('header.switchOrg')}</span>
        {busy ? <Spin size="small" /> : <DownOutlined className={styles.orgArrow} />}
      </button>
    </Dropdown>
  );
}
