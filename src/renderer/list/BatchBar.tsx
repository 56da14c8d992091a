import { Button, Space } from 'antd';
import { memo, useSyncExternalStore } from 'react';
import type { Row } from '../schema-types';
import { LoadingButton } from '../ui/LoadingButton';
import type { ResolvedAction } from './actions';
import type { SelectionStore } from './selection-store';

export interface BatchBarProps {
  selection: SelectionStore;
  actions: ResolvedAction[];
  onAction(action: ResolvedAction, rows: Row[]): Promise<void>;
  onClear(): void;
}

/**
 * Shown while rows are selected: the count, '取消选择' and the permitted batch actions. Follows the
 * selection store by itself, so a tick re-renders the bar and not the page.
 */
export const BatchBar = memo(function BatchBar({ selection, actions, onAction, onClear }: BatchBarProps) {
  const rows: Row[] = useSyncExternalStore(selection.subscribe, selection.selectedRows);
  if (!rows.length) return null;
  return (
    <div className="fr-batch-bar" data-testid="batch-bar">
      <Space size={12}>
        <span>
          已选择 <b>{rows.length}</b> 项
        </span>
        <Button type="link" size="small" onClick={onClear} style={{ paddingInline: 0 }}>
          取消选择
        </Button>
      </Space>
      <Space size={8}>
        {actions.map((a) => (
          <LoadingButton
            key={a.key}
            size="small"
            danger={a.danger}
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
