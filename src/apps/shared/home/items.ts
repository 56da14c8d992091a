/** What each count of the home summary means on screen, and which list page handles it. */
export interface HomeItem {
  title: string;
  /** Document family, for grouping on the dacang home. */
  group: '拣货单' | '出库单' | '调拨申请';
  /** The list page, with the status that the list may preselect. */
  path: string;
  hint: string;
}

const PICK = '/dacang/distribution/pickOrderList';
const STOCK_OUT = '/dacang/warehouse/stockOutOrderList';
const TRANSFER = '/dacang/allocateTransfer/transferApplyList';

export const TODO_ITEMS: Record<string, HomeItem> = {
  pickOrderToAssign: {
    title: '待分配拣货员',
    group: '拣货单',
    path: `${PICK}?status=10`,
    hint: '分配拣货员后开始拣货',
  },
  pickOrderToPick: {
    title: '待拣货',
    group: '拣货单',
    path: `${PICK}?status=20`,
    hint: '已分配，等待开始拣货',
  },
  pickOrderPicking: {
    title: '拣货中',
    group: '拣货单',
    path: `${PICK}?status=30`,
    hint: '拣货完成后确认完成',
  },
  stockOutToShip: {
    title: '待出库',
    group: '出库单',
    path: `${STOCK_OUT}?status=10`,
    hint: '核对后确认出库',
  },
  transferToAudit: {
    title: '待审核',
    group: '调拨申请',
    path: `${TRANSFER}?status=10`,
    hint: '审核通过或驳回',
  },
  transferToShip: {
    title: '待调拨出库',
    group: '调拨申请',
    path: `${TRANSFER}?status=20`,
    hint: '调出仓确认出库',
  },
  transferToReceive: {
    title: '待调拨入库',
    group: '调拨申请',
    path: `${TRANSFER}?status=30`,
    hint: '调入仓确认入库',
  },
};

export const TODAY_ITEMS: Record<string, { title: string; path: string }> = {
  pickOrderFinishedToday: { title: '今日完成拣货', path: `${PICK}?status=40` },
  stockOutShippedToday: { title: '今日出库', path: `${STOCK_OUT}?status=20` },
};

const DAY_MS = 86_400_000;

/** '今天', '昨天' or 'N 天前' for the oldest waiting document. */
export function waitingSince(oldest: string | null, now = Date.now()): string {
  if (!oldest) return '';
  const days = Math.floor((now - Date.parse(oldest)) / DAY_MS);
  if (days <= 0) return '最早今天创建';
  if (days === 1) return '最早昨天创建';
  return `最早 ${days} 天前创建`;
}

/** A greeting by the hour of the day. */
export function greeting(hour: number): string {
  if (hour < 6) return '凌晨好';
  if (hour < 11) return '上午好';
  if (hour < 13) return '中午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}
