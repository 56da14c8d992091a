import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { Button, Dropdown, Space } from 'antd';
import { createContext, memo, useContext, useState } from 'react';
import type { ResourceDef, Row } from '../schema-types';
import { LinkButton } from '../ui/LinkButton';
import { LightIcon } from '../widgets/light-cells';
import { allowedInState, type ResolvedAction } from '@/schema/resolve/actions';
import { useTranslation } from '@/i18n';

/** Buttons shown in the row before the rest fold into '更多'. */
export const INLINE_ROW_ACTIONS = 3;

export interface RowActionsValue {
  /** The row actions the user holds a permission for. */
  actions: ResolvedAction[];
  resource?: ResourceDef;
  run(action: ResolvedAction, rows: Row[]): Promise<void>;
}

export const RowActionsContext = createContext<RowActionsValue>({ actions: [], run: async () => undefined });

/** Width of the actions column for the actions a row can show at most. */
export function rowActionsWidth(actions: ResolvedAction[]): number {
  const inline = actions.length > INLINE_ROW_ACTIONS ? actions.slice(0, INLINE_ROW_ACTIONS - 1) : actions;
  const text = inline.reduce((n, a) => n + a.title.length * 14 + 16, 0);
  const more = actions.length > INLINE_ROW_ACTIONS ? 60 : 0;
  // + cell padding and room for the virtual table's scroll bar
  return Math.max(80, text + more + 40);
}

/**
 * '更多' and its menu. The dropdown (a trigger, a resize observer, a portal) mounts on the first hover
 * or focus, not with the row: a scroll of the virtual table mounts many rows a frame, and few of them
 * are ever hovered. Until then a plain button with the trigger's class stands in, so the DOM is the same.
 */
function MoreActions({
  actions,
  row,
  run,
}: {
  actions: ResolvedAction[];
  row: Row;
  run: RowActionsValue['run'];
}) {
  const [armed, setArmed] = useState(false);
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const arm = () => {
    setArmed(true);
    setOpen(true);
  };
  const button = (
    <LinkButton
      className={armed ? undefined : 'ant-dropdown-trigger'}
      onMouseEnter={armed ? undefined : arm}
      onFocus={armed ? undefined : arm}
    >
      {t('list.more')} <LightIcon icon={DownOutlined} />
    </LinkButton>
  );
  if (!armed) return button;
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      menu={{
        items: actions.map((a) => ({ key: a.key, label: a.title, danger: a.danger })),
        onClick: ({ key }) => {
          setOpen(false);
          const a = actions.find((x) => x.key === key);
          if (a) void run(a, [row]).catch(() => undefined);
        },
      }}
    >
      {button}
    </Dropdown>
  );
}

/**
 * The actions cell of one row: the permitted actions its state allows (a pick order that is done shows
 * no '完成拣货'). One memoised component reading the handlers from context, so rows do not re-render
 * when the page does.
 */
export const RowActions = memo(function RowActions({ row }: { row: Row }) {
  const { actions, resource, run } = useContext(RowActionsContext);
  const visible = actions.filter((a) => allowedInState(a, row, resource));
  if (!visible.length) return <span className="fr-muted">-</span>;
  const fold = visible.length > INLINE_ROW_ACTIONS;
  const inline = fold ? visible.slice(0, INLINE_ROW_ACTIONS - 1) : visible;
  const rest = fold ? visible.slice(INLINE_ROW_ACTIONS - 1) : [];
  return (
    <span className="fr-row-actions">
      {inline.map((a) => (
        <LinkButton
          key={a.key}
          danger={a.danger}
          data-action={a.key}
          onClick={() => void run(a, [row]).catch(() => undefined)}
        >
          {a.title}
        </LinkButton>
      ))}
      {fold && <MoreActions actions={rest} row={row} run={run} />}
    </span>
  );
});

/**
 * The same actions at the foot of a row's detail (an approver reads the document, then decides there):
 * what the row's state allows now, without the detail itself. The drawer closes once one succeeds,
 * since the list reloads and the row it showed is no longer current.
 */
export function useDetailActions(row: Row | null): ResolvedAction[] {
  const { actions, resource } = useContext(RowActionsContext);
  return row ? actions.filter((a) => a.type !== 'detail' && allowedInState(a, row, resource)) : [];
}

export function DetailActions({
  row,
  visible,
  onDone,
}: {
  row: Row;
  visible: ResolvedAction[];
  onDone(): void;
}) {
  const { run } = useContext(RowActionsContext);
  return (
    <Space className="fr-detail-actions" wrap>
      {visible.map((a) => (
        <Button
          key={a.key}
          danger={a.danger}
          type={a.danger ? 'default' : 'primary'}
          data-detail-action={a.key}
          onClick={() => void run(a, [row]).then(onDone, () => undefined)}
        >
          {a.title}
        </Button>
      ))}
    </Space>
  );
}
