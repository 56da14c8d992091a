import {
  ColumnHeightOutlined,
  ExportOutlined,
  ImportOutlined,
  PlusOutlined,
  ReloadOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Button, Divider, Dropdown, Space, Tooltip } from 'antd';
import { memo, type ReactNode, useMemo } from 'react';
import { useTranslation } from '@/i18n';
import { LoadingButton } from '../ui/LoadingButton';
import type { ResolvedAction } from '@/schema/resolve/actions';
import { DENSITY_TEXT, type Density } from './column-prefs';

const ICONS: Partial<Record<ResolvedAction['type'], ReactNode>> = {
  create: <PlusOutlined />,
  export: <ExportOutlined />,
  import: <ImportOutlined />,
  call: <SyncOutlined />,
};

export interface ToolbarProps {
  title: string;
  actions: ResolvedAction[];
  loading: boolean;
  density: Density;
  settings: ReactNode;
  onAction(action: ResolvedAction): Promise<void>;
  onReload(): void;
  onDensity(d: Density): void;
}

/**
 * The table header: the page title, its toolbar actions, then reload, density and column settings.
 * Memoised, and only the reload button depends on `loading`: a data arrival re-renders that button alone.
 */
export const Toolbar = memo(function Toolbar({
  title,
  actions,
  loading,
  density,
  settings,
  onAction,
  onReload,
  onDensity,
}: ToolbarProps) {
  const { t } = useTranslation();
  const buttons = useMemo(
    () =>
      actions.map((a) => (
        <LoadingButton
          key={a.key}
          type={a.type === 'create' ? 'primary' : 'default'}
          danger={a.danger}
          icon={ICONS[a.type]}
          data-action={a.key}
          onClick={() => onAction(a)}
        >
          {a.title}
        </LoadingButton>
      )),
    [actions, onAction],
  );
  const densityMenu = useMemo(
    () => (
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: (Object.keys(DENSITY_TEXT) as Density[]).map((d) => ({
            key: d,
            label: t(`list.${DENSITY_TEXT[d]}`),
          })),
          onClick: ({ key }) => onDensity(key as Density),
        }}
      >
        <Tooltip title={t('list.density')}>
          <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('list.density')} />
        </Tooltip>
      </Dropdown>
    ),
    [density, onDensity, t],
  );
  return (
    <div className="fr-toolbar">
      <div className="fr-toolbar-title">{title}</div>
      <Space size={8} wrap>
        {buttons}
        {actions.length > 0 && <Divider type="vertical" />}
        <Space size={0}>
          <Tooltip title={t('common.refresh')}>
            <Button
              type="text"
              icon={<ReloadOutlined spin={loading} />}
              aria-label={t('common.refresh')}
              onClick={onReload}
            />
          </Tooltip>
          {densityMenu}
          {settings}
        </Space>
      </Space>
    </div>
  );
});
