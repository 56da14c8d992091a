import {
  CloudDownloadOutlined,
  ExportOutlined,
  LogoutOutlined,
  PrinterOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router-dom';
import styles from '../layout.module.css';
import { LOGOUT_CONFIRM, logout } from '../logout';
import { useOpenPanel } from '../panels';
import { useShell } from '../use-shell';

/** SPEC 2.11: the data export centre's page. */
export const EXPORT_CENTER_PATH = '/admin/importExport/exportCenterList';
export const PERSONAL_CENTER_PATH = '/admin/personalCenter';

/** SPEC 2.11 user dropdown: printer settings v1/v2, download centre, personal centre, export centre, exit. */
export function UserMenu() {
  const { profile } = useShell();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const openPanel = useOpenPanel();

  const exit = () =>
    modal.confirm({
      title: '提示',
      content: LOGOUT_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        void logout();
        navigate('/login', { replace: true });
      },
    });

  const items: MenuProps['items'] = [
    {
      key: 'printerV1',
      icon: <PrinterOutlined />,
      label: '个人打印机设置',
      onClick: () => openPanel('printerV1'),
    },
    {
      key: 'printerV2',
      icon: <PrinterOutlined />,
      label: '个人打印机设置（试用版）',
      onClick: () => openPanel('printerV2'),
    },
    {
      key: 'download',
      icon: <CloudDownloadOutlined />,
      label: '软件下载中心',
      onClick: () => openPanel('downloadCenter'),
    },
    {
      key: 'center',
      icon: <UserOutlined />,
      label: '个人中心',
      onClick: () => navigate(PERSONAL_CENTER_PATH),
    },
    {
      key: 'export',
      icon: <ExportOutlined />,
      label: '数据导出中心',
      onClick: () => navigate(EXPORT_CENTER_PATH),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出', onClick: exit, danger: true },
  ];

  return (
    <Dropdown menu={{ items }} placement="bottomRight" trigger={['hover', 'click']}>
      <button type="button" className={styles.user} data-user-menu>
        <Avatar size={28} className={styles.avatar}>
          {profile.realName?.slice(0, 1) || <UserOutlined />}
        </Avatar>
        <span className={styles.userName}>{profile.realName}</span>
      </button>
    </Dropdown>
  );
}
