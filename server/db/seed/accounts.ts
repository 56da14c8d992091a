/**
 * Demo roles and accounts (DESIGN.md section 3). Only seeded in demo mode; never in production.
 * Role grants name menu entries by app, uri prefix or button code.
 */
export interface SeedRole {
  code: string;
  name: string;
  orgAttributeName: string;
  status: 0 | 1;
  grants: { apps?: string[]; uriPrefixes?: string[]; codes?: string[] };
}

export const seedRoles: SeedRole[] = [
  {
    code: 'HQ_ADMIN',
    name: '总部管理员',
    orgAttributeName: '总部',
    status: 1,
    grants: { apps: ['admin', 'dacang'] },
  },
  {
    code: 'STORE_MANAGER',
    name: '门店店长',
    orgAttributeName: '门店',
    status: 1,
    grants: {
      uriPrefixes: [
        '/admin/msg/systemNoticeList',
        '/admin/importExport',
        '/admin/shop',
        '/admin/finance',
        '/admin/approval',
        '/admin/storeAsset',
        '/admin/storeDevice',
        // Members and coupons (issue 17.4, 17.7): the store registers members and redeems coupons at the till.
        '/admin/member',
        '/admin/marketing/couponList',
        // Gift cards (issue 17.5): the store sells and activates cards and takes consumptions at the till;
        // it reads card numbers and buyers masked, and neither exports nor issues batches.
        '/admin/marketing/giftCardList',
        '/admin/marketing/giftCardTxnList',
        // Platform orders (issue 17.3): the store reads and handles its own.
        '/admin/platform/platformOrderList',
        // Group-buy (issue 17.2): the store reads the campaigns and its own groups and group orders.
        '/admin/marketing/groupBuy',
      ],
      codes: [
        'platformMsg:saveDeptMessage',
        'shopOrder:print',
        // Cloud-supermarket orders (issue 17.1): the store handles, delivers, cancels and exports its own,
        // and its manager reads the customer's phone in full (logged).
        'cloudOrder:handle',
        'cloudOrder:deliver',
        'cloudOrder:cancel',
        'cloudOrder:export',
        'cloudOrder:phone',
        // After-sales refunds (issue 17.1): the store applies for them and approves its clerks' from 100 yuan.
        'orderRefund:add',
        'obtainOrder:print',
        'approval:handle',
        'approval:withdraw',
        'expense:add',
        'expense:submit',
        'member:edit',
        'coupon:redeem',
        // Stored value (issue 17.6): the store records recharges, consumptions and refunds, and approves
        // its clerks' refunds.
        'storedValue:add',
        // Points (issue 17.7): the store posts earned points and adjusts them with a reason.
        'points:add',
        'giftCard:sell',
        'giftCard:activate',
        'giftCardTxn:consume',
        'storeOrder:add',
        // The store checks deliveries and confirms receipt, its differences reported back (issue 16.3).
        'storeReceive:confirm',
        'asset:add',
        'asset:transfer',
        'asset:repair',
        'asset:scrap',
        'asset:print',
        'device:add',
        'priceTag:add',
        'priceTag:preview',
        'priceTag:push',
        // AI store monitoring (issue 19.5): the store assigns its events, closes them or marks false alarms.
        'aiEvent:assign',
        'aiEvent:handle',
        'aiEvent:falseAlarm',
        'platformOrder:handle',
      ],
    },
  },
  {
    code: 'WAREHOUSE_STAFF',
    name: '仓库作业员',
    orgAttributeName: '大仓',
    status: 1,
    grants: { apps: ['dacang'] },
  },
  {
    code: 'STORE_CLERK',
    name: '门店店员',
    orgAttributeName: '门店',
    status: 1,
    grants: {
      uriPrefixes: [
        '/admin/shop',
        '/admin/finance/storeExpenseList',
        '/admin/approval/mineList',
        '/admin/member/storedValueList',
        // Group-buy (issue 17.2): the clerk reads the campaigns and his store's groups and orders.
        '/admin/marketing/groupBuy',
      ],
      codes: [
        'shopOrder:print',
        'storedValue:add',
        'expense:add',
        'expense:submit',
        'approval:withdraw',
        'cloudOrder:handle',
        'cloudOrder:deliver',
        'orderRefund:add',
      ],
    },
  },
  {
    code: 'FINANCE',
    name: '财务专员',
    orgAttributeName: '总部',
    status: 1,
    grants: {
      // Gift cards (issue 17.5): finance reads batches, cards and their transactions (no export, no unmask).
      // The platform reconciliation (issue 17.3): finance reads it and confirms reconciled orders.
      uriPrefixes: [
        '/admin/finance',
        '/admin/settlement',
        '/admin/approval',
        '/admin/marketing/giftCardBatchList',
        '/admin/marketing/giftCardList',
        '/admin/marketing/giftCardTxnList',
        '/admin/platform/platformReconciliation',
      ],
      // Contracts, settlement statements and invoices (issue 18) are finance's daily work.
      codes: [
        'approval:handle',
        'approval:withdraw',
        'contract:edit',
        'contract:terminate',
        'settlement:edit',
        'settlement:pay',
        'invoice:add',
        'invoice:reverse',
        'storeSettlement:edit',
        'storeSettlement:pay',
      ],
    },
  },
  { code: 'RETIRED_ROLE', name: '已停用角色', orgAttributeName: '总部', status: 0, grants: {} },
];

export interface SeedAccount {
  account: string;
  realName: string;
  phone: string | null;
  email?: string;
  city?: string;
  employeeTypeName: string;
  positionName: string;
  homeOrg: number;
  orgs: number[];
  /** Account roles: they apply in every organisation of `orgs` without roles of its own. */
  roles: string[];
  /**
   * Roles for one organisation (user_org_role, docs/decisions.md "Roles per organisation"): in that
   * organisation they replace the account roles.
   */
  orgRoles?: Record<number, string[]>;
  abnormalLogin?: boolean;
  pwdChangeDue?: boolean;
}

/** The documented demo password. Demo mode only. */
export const DEMO_PASSWORD = 'Fresh#2026';

export const seedAccounts: SeedAccount[] = [
  {
    account: 'hq001',
    realName: '张总部',
    phone: '13800000001',
    email: 'hq001@fresh.example',
    city: '杭州',
    employeeTypeName: '正式员工',
    positionName: '系统管理员',
    homeOrg: 1,
    orgs: [1, 2, 11, 12, 13, 14, 21],
    roles: ['HQ_ADMIN'],
    // Stands in as the manager of 杭州西湖店: switching to it shows the store's menu (issue 22.4).
    orgRoles: { 12: ['STORE_MANAGER'] },
  },
  {
    account: 'md001',
    realName: '李店长',
    phone: '13800000002',
    city: '杭州',
    employeeTypeName: '正式员工',
    positionName: '店长',
    homeOrg: 11,
    orgs: [11],
    roles: ['STORE_MANAGER'],
  },
  {
    account: 'wh001',
    realName: '王仓管',
    phone: '13800000003',
    city: '杭州',
    employeeTypeName: '正式员工',
    positionName: '仓库作业员',
    homeOrg: 21,
    orgs: [21],
    roles: ['WAREHOUSE_STAFF'],
  },
  {
    account: 'nophone',
    realName: '赵未绑',
    phone: null,
    employeeTypeName: '实习员工',
    positionName: '店员',
    homeOrg: 12,
    orgs: [12],
    roles: ['STORE_CLERK'],
  },
  {
    account: 'risk001',
    realName: '钱异常',
    phone: '13800000005',
    employeeTypeName: '正式员工',
    positionName: '店员',
    homeOrg: 12,
    orgs: [12],
    roles: ['STORE_CLERK'],
    abnormalLogin: true,
  },
  {
    account: 'tip001',
    realName: '孙提示',
    phone: '13800000006',
    employeeTypeName: '正式员工',
    positionName: '财务专员',
    homeOrg: 1,
    orgs: [1],
    roles: ['FINANCE'],
    pwdChangeDue: true,
  },
];

const surnames = '周吴郑冯陈褚卫蒋沈韩杨朱秦尤许何吕施孔曹严华金魏陶姜';
const given = '伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超霞平刚';
const stores = [11, 12, 13, 15, 16, 17];

/**
 * The warehouses' pickers (issue 16.3): bound to pick zones by schemas/seed/pickerArea.json (jh001…jh005
 * in 杭州中心大仓, jh006…jh008 in 广州中心大仓). jh001 is the demo account of 拣货员领取. Seeded after
 * the generated employees, so their ids stay as they were.
 */
export const pickerAccounts: SeedAccount[] = ['赵', '钱', '孙', '李', '周', '吴', '郑', '冯'].map(
  (surname, i) => ({
    account: `jh${String(i + 1).padStart(3, '0')}`,
    realName: `${surname}拣货`,
    phone: `1380000${String(1011 + i)}`,
    city: i < 5 ? '杭州' : '广州',
    employeeTypeName: '正式员工',
    positionName: '拣货员',
    homeOrg: i < 5 ? 21 : 22,
    orgs: [i < 5 ? 21 : 22],
    roles: ['WAREHOUSE_STAFF'],
  }),
);

/** Further employees so that user lists page for real (deterministic, no randomness). */
export function generatedAccounts(count: number): SeedAccount[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const store = stores[i % stores.length]!;
    return {
      account: `e${String(n).padStart(5, '0')}`,
      realName: `${surnames[i % surnames.length]}${given[(i * 7) % given.length]}`,
      phone: `139${String(10000000 + n).slice(-8)}`,
      employeeTypeName: i % 5 === 0 ? '实习员工' : '正式员工',
      positionName: i % 3 === 0 ? '店员' : i % 3 === 1 ? '理货员' : '收银员',
      homeOrg: store,
      orgs: [store],
      roles: [i % 4 === 0 ? 'STORE_MANAGER' : 'STORE_CLERK'],
    };
  });
}
