import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { App, Button, Empty, Input, Radio, Spin, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type PermissionEntry, setMenus, setProfile } from '@/runtime/session';
import { AuthShell } from '../../components/auth/AuthShell';
import { chooseStore, fetchOrgs, type OrgRef } from '../auth-flow/auth-api';
import styles from './choose-md.module.css';

export const CHOOSE_ORG = '请选择机构';

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default' };
const TYPE_LABEL: Record<number, string> = { 1: '部门', 2: '门店', 3: '仓库' };

const matches = (org: OrgRef, text: string) =>
  !text || org.refObjName.includes(text) || org.refObjCode.toLowerCase().includes(text.toLowerCase());

/**
 * /chooseMd (SPEC 2.4): the departments and stores of the user, searchable. One option logs in at once;
 * several: the first is preselected and the user confirms. Success stores the chosen-store payload with
 * permissions, powerControl and menus in the profile and goes to /home.
 */
export default function ChooseMdPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [orgs, setOrgs] = useState<OrgRef[]>();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number>();
  const [entering, setEntering] = useState(false);

  const enter = useCallback(
    async (org: OrgRef | undefined) => {
      if (!org) {
        void message.warning(CHOOSE_ORG);
        return;
      }
      setEntering(true);
      try {
        const profile = await chooseStore(org);
        setProfile(profile);
        setMenus(profile.permissions as PermissionEntry[]);
        navigate('/home', { replace: true });
      } catch {
        setEntering(false);
      }
    },
    [message, navigate],
  );

  useEffect(() => {
    fetchOrgs()
      .then((list) => {
        setOrgs(list);
        setSelected(list[0]?.orgId);
        if (list.length === 1) void enter(list[0]);
      })
      .catch(() => setOrgs([]));
  }, [enter]);

  const shown = useMemo(() => (orgs ?? []).filter((o) => matches(o, search.trim())), [orgs, search]);
  const chosen = shown.find((o) => o.orgId === selected);

  return (
    <AuthShell
      title="请选择机构"
      width={560}
      extra={
        <Button
          color="primary"
          variant="link"
          size="small"
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate('/chooseProject')}
        >
          返回选择系统
        </Button>
      }
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="搜索机构名称或编码"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className={styles.search}
      />
      {!orgs && <Spin className={styles.loading} />}
      {orgs && shown.length === 0 && <Empty description="没有匹配的机构" />}
      <Radio.Group
        value={chosen?.orgId}
        onChange={(e) => setSelected(e.target.value)}
        className={styles.list}
      >
        {shown.map((o) => (
          <Radio key={o.orgId} value={o.orgId} className={styles.item}>
            <span className={styles.name}>{o.refObjName}</span>
            <span className={styles.code}>{o.refObjCode}</span>
            <Tag>{TYPE_LABEL[o.refObjType] ?? '机构'}</Tag>
            {o.refObjStatusName && <Tag color={STATUS_COLOR[o.refObjStatus]}>{o.refObjStatusName}</Tag>}
          </Radio>
        ))}
      </Radio.Group>
      <Button type="primary" block size="large" loading={entering} onClick={() => enter(chosen)}>
        进入系统
      </Button>
    </AuthShell>
  );
}
