import { Button, Space } from 'antd';
import type { Row } from '../schema-types';
import { LoadingButton } from '../ui/LoadingButton';
import type { ResolvedAction } from './actions';

export interface BatchBarProps {
  rows: Row[];
  actions: ResolvedAction[];
  onAction(action: ResolvedAction, rows: Row[]): Promise<void>;
  onClear(): void;
}

/** Shown while rows are selected: the count, '取消选择' and the permitted batch actions. */
export function BatchBar({ rows, actions, onAction, onClear }: BatchBarProps) {
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
}
