import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Space, Tooltip } from 'antd';
import { useTranslation } from '@/i18n';
import type { ResolvedColumn } from '../widgets/types';
import { type ColumnPrefs, defaultPrefs, move } from './column-prefs';

export interface ColumnSettingsProps {
  columns: ResolvedColumn[];
  prefs: ColumnPrefs;
  open: boolean;
  onOpenChange(open: boolean): void;
  onChange(prefs: ColumnPrefs): void;
}

/** Show, hide and reorder columns (kept per user, see column-prefs.ts). */
export function ColumnSettings({ columns, prefs, open, onOpenChange, onChange }: ColumnSettingsProps) {
  const { t } = useTranslation();
  const byField = new Map(columns.map((c) => [c.field, c]));
  const shown = prefs.order.filter((f) => !prefs.hidden.includes(f));
  const toggle = (field: string, on: boolean) =>
    onChange({ ...prefs, hidden: on ? prefs.hidden.filter((f) => f !== field) : [...prefs.hidden, field] });
  const content = (
    <div className="fr-column-settings" data-testid="column-settings">
      <div className="fr-column-settings-head">
        <Checkbox
          checked={shown.length === prefs.order.length}
          indeterminate={shown.length > 0 && shown.length < prefs.order.length}
          onChange={(e) => onChange({ ...prefs, hidden: e.target.checked ? [] : [...prefs.order] })}
        >
          {t('list.columns')}
        </Checkbox>
        <Button
          type="link"
          size="small"
          onClick={() => onChange({ ...defaultPrefs(columns), density: prefs.density })}
        >
          {t('common.reset')}
        </Button>
      </div>
      <div className="fr-column-settings-list">
        {prefs.order.map((field, i) => (
          <div key={field} className="fr-column-settings-item" data-column={field}>
            <Checkbox
              checked={!prefs.hidden.includes(field)}
              onChange={(e) => toggle(field, e.target.checked)}
            >
              {byField.get(field)?.title ?? field}
            </Checkbox>
            <Space size={0}>
              <Button
                type="text"
                size="small"
                aria-label={t('list.moveUp')}
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                onClick={() => onChange({ ...prefs, order: move(prefs.order, field, -1) })}
              />
              <Button
                type="text"
                size="small"
                aria-label={t('list.moveDown')}
                icon={<ArrowDownOutlined />}
                disabled={i === prefs.order.length - 1}
                onClick={() => onChange({ ...prefs, order: move(prefs.order, field, 1) })}
              />
            </Space>
          </div>
        ))}
      </div>
    </div>
  );
  return (
    <Popover
      content={content}
      trigger="click"
      placement="bottomRight"
      open={open}
      onOpenChange={onOpenChange}
      arrow={false}
    >
      <Tooltip title={t('list.columnSettings')}>
        <Button type="text" icon={<SettingOutlined />} aria-label={t('list.columnSettings')} />
      </Tooltip>
    </Popover>
  );
}
