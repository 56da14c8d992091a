import {
  BgColorsOutlined,
  CloudDownloadOutlined,
  ExportOutlined,
  GlobalOutlined,
  LogoutOutlined,
  PrinterOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
// The bare Avatar: the index's Avatar.Group brings Popover (issue 21.6).
import Avatar from 'antd/es/avatar/Avatar';
import useApp from 'antd/es/app/useApp';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from '@/i18n';
import { choosePreferences, type Preferences, usePreferences } from '@/runtime/preferences';
import { LANGUAGES, THEMES } from '@/schema/contracts/preferences';
import styles from '../layout.module.css';
import { logout } from '../logout';
import { useOpenPanel } from '../panels';
import { useShell } from '../use-shell';

/** SPEC 2.11: the data export centre's page. */
export const EXPORT_CENTER_PATH = '/admin/importExport/exportCenterList';
export const PERSONAL_CENTER_PATH = '/admin/personalCenter';

const THEME_TEXT = { light: 'themeLight', dark: 'themeDark', system: 'themeSystem' } as const;

/**
 * SPEC 2.11 user dropdown: printer settings v1/v2, download centre, personal centre, export centre, exit;
 * and (issue 20.5, 20.6) the theme and the language, stored with the user's account.
 */
export function UserMenu() {
  const { profile } = useShell();
  const { modal } = useApp();
  const navigate = useNavigate();
  const openPanel = useOpenPanel();
  const { t } = useTranslation();
  const chosen = usePreferences();

  // A refused save has been shown by the request layer and the choice put back.
  const choose = (change: Partial<Preferences>) => void choosePreferences(change).catch(() => undefined);

  const exit = () =>
    modal.confirm({
      title: t('common.hint'),
      content: t('userMenu.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () => {
        void logout();
        navigate('/login', { replace: true });
      },
    });

  const items: MenuProps['items'] = [
    {
      key: 'printerV1',
      icon: <PrinterOutlined />,
      label: t('userMenu.printerV1'),
      onClick: () => openPanel('printerV1'),
    },
    {
      key: 'printerV2',
      icon: <PrinterOutlined />,
      label: t('userMenu.printerV2'),
      onClick: () => openPanel('printerV2'),
    },
    {
      key: 'download',
      icon: <CloudDownloadOutlined />,
      label: t('userMenu.downloadCentre'),
      onClick: () => openPanel('downloadCenter'),
    },
    {
      key: 'center',
      icon: <UserOutlined />,
      label: t('userMenu.personalCentre'),
      onClick: () => navigate(PERSONAL_CENTER_PATH),
    },
    {
      key: 'export',
      icon: <ExportOutlined />,
      label: t('userMenu.exportCentre'),
      onClick: () => navigate(EXPORT_CENTER_PATH),
    },
    { type: 'divider' },
    {
      key: 'theme',
      icon: <BgColorsOutlined />,
      label: t('userMenu.theme'),
      children: THEMES.map((theme) => ({
        key: `theme:${theme}`,
        label: <span data-theme-choice={theme}>{t(`userMenu.${THEME_TEXT[theme]}`)}</span>,
        onClick: () => choose({ theme }),
      })),
    },
    {
      key: 'language',
      icon: <GlobalOutlined />,
      label: t('userMenu.language'),
      children: LANGUAGES.map((language) => ({
        key: `language:${language}`,
        label: <span data-language-choice={language}>{t(`languages.${language}`)}</span>,
        onClick: () => choose({ language }),
      })),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: t('userMenu.logout'), onClick: exit, danger: true },
  ];

  return (
    <Dropdown
      menu={{
        items,
        selectable: true,
        selectedKeys: [`theme:${chosen.theme}`, `language:${chosen.language}`],
      }}
      placement="bottomRight"
      trigger={['hover', 'click']}
    >
      <button type="button" className={styles.user} data-user-menu>
        <Avatar size={28} className={styles.avatar}>
          {profile.realName?.slice(0, 1) || <UserOutlined />}
        </Avatar>
        <span className={styles.userName}>{profile.realName}</span>
      </button>
    </Dropdown>
  );
}
