import { ArrowLeftOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Radio, Spin, Tag } from 'antd';
import useApp from 'antd/es/app/useApp';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t as text, useTranslation } from '@/i18n';
import { type PermissionEntry, setMenus, setProfile } from '@/runtime/session';
import { AuthShell } from '../../components/auth/AuthShell';
import { chooseStore, fetchOrgs, type OrgRef } from '../auth-flow/auth-api';
import styles from './choose-md.module.css';

/** '请选择机构', in the language in effect. */
export const chooseOrg = () => text('authFlow.chooseOrg');

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default' };
const TYPE_LABEL: Record<number, 'orgType1' | 'orgType2' | 'orgType3'> = {
  1: 'orgType1',
  2: 'orgType2',
  3: 'orgType3',
};

const matches = (org: OrgRef, text: string) =>
  !text || org.refObjName.includes(text) || org.refObjCode.toLowerCase().includes(text.toLowerCase());

/**
 * /chooseMd (SPEC 2.4): the departments and stores of the user, searchable. One option logs in at once;
 * several: the first is preselected and the user confirms. Success stores the chosen-store payload with
 * permissions, powerControl and menus in the profile and goes to /home.
 */
export default function ChooseMdPage() {
  const navigate = useNavigate();
  const { message } = useApp();
  const { t } = useTranslation();
  const [orgs, setOrgs] = useState<OrgRef[]>();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number>();
  const [entering, setEntering] = useState(false);

  const enter = useCallback(
    async (org: OrgRef | undefined) => {
      if (!org) {
        void message.warning(chooseOrg());
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
      title={t('authFlow.chooseOrg')}
      width={560}
      extra={
        <Button
          color="primary"
          variant="link"
          size="small"
          icon={<ArrowLeftOutlined />}
          onClick={() => navigate('/chooseProject')}
        >
          {t('authFlow.backToSystems')}
        </Button>
      }
    >
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('authFlow.searchOrg')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className={styles.search}
      />
      {!orgs && <Spin className={styles.loading} />}
      {orgs && shown.length === 0 && <Empty description={t('authFlow.noOrgMatch')} />}
      <Radio.Group
        value={chosen?.orgId}
        onChange={(e) => setSelected(e.target.value)}
        className={styles.list}
      >
        {shown.map((o) => (
          <Radio key={o.orgId} value={o.orgId} className={styles.item}>
            <span className={styles.name}>{o.refObjName}</span>
            <span className={styles.code}>{o.refObjCode}</span>
            <Tag>{t(`authFlow.${TYPE_LABEL[o.refObjType] ?? 'orgTypeOther'}`)}</Tag>
            {o.refObjStatusName && <Tag color={STATUS_COLOR[o.refObjStatus]}>{o.refObjStatusName}</Tag>}
          </Radio>
        ))}
      </Radio.Group>
      <Button type="primary" block size="large" loading={entering} onClick={() => enter(chosen)}>
        {t('authFlow.enter')}
      </Button>
    </AuthShell>
  );
}
