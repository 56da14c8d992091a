import { Button, Space } from 'antd';
import { memo, useSyncExternalStore } from 'react';
import type { Row } from '../schema-types';
import { LoadingButton } from '../ui/LoadingButton';
import type { ResolvedAction } from '@/schema/resolve/actions';
import type { SelectionStore } from './selection-store';
import { useTranslation } from '@/i18n';

export interface BatchBarProps {
  selection: SelectionStore;
  actions: ResolvedAction[];
  onAction(action: ResolvedAction, rows: Row[]): Promise<void>;
  onClear(): void;
}

/**
 * The selection's bar above the table: the count, '取消选择' and the permitted batch actions, enabled once
 * rows are ticked. Always there on a page with batch actions (nothing selected: a quiet '已选择 0 项'), so
 * the first tick and the last untick never move the table: at 500 rows that re-laid out the whole virtual
 * list (bench/render-counts.ts). Follows the selection store by itself: a tick re-renders the bar only.
 */
export const BatchBar = memo(function BatchBar({ selection, actions, onAction, onClear }: BatchBarProps) {
  const rows: Row[] = useSyncExternalStore(selection.subscribe, selection.selectedRows);
  const none = rows.length === 0;
  const { t } = useTranslation();
  return (
    <div className={none ? 'fr-batch-bar fr-batch-bar-empty' : 'fr-batch-bar'} data-testid="batch-bar">
      <Space size={12}>
        <span>
          {t('list.selected')} <b>{rows.length}</b> {t('list.selectedItems')}
        </span>
        <Button
          type="link"
          size="small"
          onClick={onClear}
          style={{ paddingInline: 0, visibility: none ? 'hidden' : undefined }}
        >
          {t('list.clearSelection')}
        </Button>
      </Space>
      <Space size={8}>
        {actions.map((a) => (
          <LoadingButton
            key={a.key}
            size="small"
            danger={a.danger}
            disabled={none}
            data-action={a.key}
            onClick={() => onAction(a, rows)}
          >
            {a.title}
          </LoadingButton>
        ))}
      </Space>
    </div>
  );
});
