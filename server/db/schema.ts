import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely, in camelCase (CamelCasePlugin). Kept beside migrations/: change both together. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default: optional on insert. */
type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface OrgTable {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  refObjType: number;
  refObjStatus: Generated<number>;
  shopType: number | null;
  managementMode: number | null;
  sort: Generated<number>;
}

export interface SubsystemTable {
  systemId: number;
  systemName: string;
  systemUrl: string | null;
  sort: Generated<number>;
}

export interface AppUserTable {
  id: Generated<number>;
  account: string;
  passwordHash: string;
  realName: string;
  phone: string | null;
  email: string | null;
  city: string | null;
  employeeTypeName: string | null;
  positionName: string | null;
  orgId: number | null;
  status: Generated<number>;
  abnormalLogin: Generated<boolean>;
  pwdChangeDue: Generated<boolean>;
  wechatOpenId: string | null;
  photoUrl: string | null;
  createdAt: TimestampDefault;
  updatedAt: TimestampDefault;
  /** 009: when the account was last disabled; sessions begun before it are void. */
  disabledAt: Timestamp | null;
  /** 018: employment dates (status 2 = 离职) and the administrator's password reset (one-time password). */
  entryDate: string | null;
  leaveDate: string | null;
  pwdResetAt: Timestamp | null;
  pwdResetUsedAt: Timestamp | null;
}

export interface UserOrgTable {
  userId: number;
  orgId: number;
}

/** Roles of an account for one of its organisations, replacing its account roles there (migration 013). */
export interface UserOrgRoleTable {
  userId: number;
  orgId: number;
  roleId: number;
}

export interface RoleTable {
  id: Generated<number>;
  code: string;
  name: string;
  orgAttributeName: string | null;
  status: Generated<number>;
  createdAt: TimestampDefault;
}

export interface UserRoleTable {
  userId: number;
  roleId: number;
}

export interface PermissionTable {
  id: number;
  parentId: number | null;
  name: string;
  uri: string | null;
  app: string;
  menuClass: number;
  code: string | null;
  sort: Generated<number>;
}

export interface RolePermissionTable {
  roleId: number;
  permissionId: number;
}

export interface SessionTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  appCode: string;
  systemId: number | null;
  orgId: number | null;
  createdAt: TimestampDefault;
  lastSeenAt: TimestampDefault;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
  revokeReason: string | null;
  /** 015: the client of the sign-in, who signed in, and 1 online / 0 ended. */
  ip: string | null;
  account: string | null;
  realName: string | null;
  browser: string | null;
  device: string | null;
  state: Generated<number>;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  codeHash: string;
  createdAt: TimestampDefault;
  expiresAt: Timestamp;
  tries: Generated<number>;
  usedAt: Timestamp | null;
}

export interface SmsOutboxTable {
  id: Generated<number>;
  phone: string;
  text: string;
  createdAt: TimestampDefault;
}

export interface LoginFailureTable {
  id: Generated<number>;
  account: string;
  at: TimestampDefault;
}

export interface AuditLogTable {
  id: Generated<string>;
  userId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: Json | null;
  after: Json | null;
  requestId: string | null;
  at: TimestampDefault;
  /** 015: who acted from where, the function, the outcome and the changed fields. */
  account: string | null;
  realName: string | null;
  orgId: number | null;
  ip: string | null;
  title: string | null;
  result: Generated<number>;
  errorCode: string | null;
  errorMsg: string | null;
  changes: string | null;
}

export interface DB {
  org: OrgTable;
  subsystem: SubsystemTable;
  appUser: AppUserTable;
  userOrg: UserOrgTable;
  userOrgRole: UserOrgRoleTable;
  role: RoleTable;
  userRole: UserRoleTable;
  permission: PermissionTable;
  rolePermission: RolePermissionTable;
  session: SessionTable;
  smsCode: SmsCodeTable;
  smsOutbox: SmsOutboxTable;
  loginFailure: LoginFailureTable;
  auditLog: AuditLogTable;
}

// --- 002_identity ---

export interface AuthCodeTable {
  id: Generated<number>;
  codeHash: string;
  userId: number;
  systemId: number;
  createdAt: TimestampDefault;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

export interface SliderChallengeTable {
  id: Generated<number>;
  challengeHash: string;
  createdAt: TimestampDefault;
  expiresAt: Timestamp;
  passedAt: Timestamp | null;
  proofHash: string | null;
  proofExpiresAt: Timestamp | null;
  proofUsedAt: Timestamp | null;
}

export interface WechatStateTable {
  state: string;
  actType: number;
  userId: number | null;
  createdAt: TimestampDefault;
  expiresAt: Timestamp;
}

export interface WechatGrantTable {
  id: Generated<number>;
  codeHash: string;
  state: string;
  openId: string;
  createdAt: TimestampDefault;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

export interface SessionCheckTable {
  sessionId: number;
  identityCheckedAt: Timestamp | null;
  oldPhoneCheckedAt: Timestamp | null;
}

export interface UploadFileTable {
  id: Generated<number>;
  userId: number;
  modelType: string;
  relativeUrl: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  createdAt: TimestampDefault;
}

/** Declaration merging adds the identity tables to DB without touching the core list above. */
export interface DB {
  authCode: AuthCodeTable;
  sliderChallenge: SliderChallengeTable;
  wechatState: WechatStateTable;
  wechatGrant: WechatGrantTable;
  sessionCheck: SessionCheckTable;
  uploadFile: UploadFileTable;
}

// --- 003_resources (warehouse documents of the resource engine, schemas/resources) ---

/** numeric columns: strings when read (both drivers), numbers or strings when written. */
type Numeric = ColumnType<string, number | string, number | string>;
type NumericDefault = ColumnType<string, number | string | undefined, number | string>;
/** A date column (no time): written as 'yyyy-MM-dd'. */
type DateOnly = ColumnType<Date | string, string, string>;

export interface PickOrderTable {
  id: Generated<number>;
  pickOrderCode: string;
  storeCode: string;
  storeName: string;
  warehouseName: string;
  pickZone: number;
  deliveryBatch: number;
  status: Generated<number>;
  pickerName: string | null;
  userName: string;
  lineCount: Generated<number>;
  totalQuantity: NumericDefault;
  createTime: TimestampDefault;
  finishTime: Timestamp | null;
  remark: string | null;
}

export interface PickOrderItemTable {
  id: Generated<number>;
  pickOrderId: number;
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  barCode: string | null;
  shelfNo: string | null;
  pickQuantity: Numeric;
  realPickQuantity: Numeric | null;
  remark: string | null;
}

export interface StockOutOrderTable {
  id: Generated<number>;
  orderCode: string;
  outputType: number;
  status: Generated<number>;
  deliveryOrderCode: string | null;
  storeName: string | null;
  flowshopName: string | null;
  warehouseInName: string | null;
  warehouseName: string;
  supplierName: string | null;
  outTime: Timestamp | null;
  employeeName: string | null;
  referCode: string | null;
  totalAmount: NumericDefault;
  createTime: TimestampDefault;
}

export interface StockOutOrderItemTable {
  id: Generated<number>;
  stockOutOrderId: number;
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commodityUnitName: string;
  commodityPrice: Numeric;
  expectQuantity: Numeric;
  outStockQuantity: Numeric | null;
  totalAmount: Numeric | null;
  returnReasons: string | null;
  remark: string | null;
  barCodeList: Json;
}

export interface TransferApplyTable {
  id: Generated<number>;
  orderCode: string;
  companyName: string;
  produceDate: DateOnly;
  warehouseOutName: string;
  warehouseInName: string;
  deadlineOutTime: Timestamp | null;
  status: Generated<number>;
  auditorName: string | null;
  auditTime: Timestamp | null;
  createName: string;
  createTime: TimestampDefault;
  remark: string | null;
}

export interface TransferApplyItemTable {
  id: Generated<number>;
  transferApplyId: number;
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  commodityUnitName: string;
  expectQuantity: Numeric;
  realQuantity: Numeric | null;
}

/** Declaration merging, as for 002_identity. */
export interface DB {
  pickOrder: PickOrderTable;
  pickOrderItem: PickOrderItemTable;
  stockOutOrder: StockOutOrderTable;
  stockOutOrderItem: StockOutOrderItemTable;
  transferApply: TransferApplyTable;
  transferApplyItem: TransferApplyItemTable;
}

// --- 004_panels (messages, printers, download centre, export centre, price list) ---

export interface ImMessageTable {
  id: Generated<number>;
  msgType: number;
  title: string;
  content: string;
  contentLength: Generated<number>;
  status: Generated<number>;
  senderId: number | null;
  createName: string;
  senderOrgId: number | null;
  orgList: Json;
  roleList: Json;
  userList: Json;
  receiveRange: Generated<string>;
  receiverCount: Generated<number>;
  createTime: TimestampDefault;
  updateTime: TimestampDefault;
}

export interface ImMessageReceiverTable {
  messageId: number;
  userId: number;
  isRead: Generated<boolean>;
  readTime: Timestamp | null;
}

export interface ImNoticeLogTable {
  id: Generated<number>;
  messageId: number;
  action: number;
  title: string;
  content: string;
  status: number;
  operatorId: number | null;
  operatorName: string;
  createTime: TimestampDefault;
}

export interface PrinterTable {
  id: Generated<number>;
  version: number;
  printerName: string;
  department: string | null;
  employeeCode: string | null;
  employeeName: string | null;
  ip: string | null;
  printerRemark: string | null;
  monitorStatus: Generated<number>;
  printStatus: string | null;
  numberOfJobs: Generated<number>;
  createTime: TimestampDefault;
}

export interface UserDefaultPrinterTable {
  userId: number;
  version: number;
  printerId: number;
  updateTime: TimestampDefault;
}

/** A user's theme and language (migration 019, services/preferences.ts). */
export interface UserPreferenceTable {
  userId: number;
  theme: string;
  language: string;
  updatedAt: TimestampDefault;
}

/** bigint columns: strings when read (both drivers). */
type BigIntColumn = ColumnType<string, number | string, number | string>;

export interface AppInfoTable {
  id: Generated<number>;
  appName: string;
  appIconUrl: string | null;
  deviceName: string | null;
  status: Generated<number>;
  sort: Generated<number>;
  createTime: TimestampDefault;
  updateTime: TimestampDefault;
}

export interface AppPackageTable {
  id: Generated<number>;
  fileName: string;
  relativePath: string;
  size: BigIntColumn;
  userId: number | null;
  createTime: TimestampDefault;
}

export interface AppVersionTable {
  id: Generated<number>;
  appId: number;
  os: string;
  appVersion: string;
  appSize: BigIntColumn | null;
  appRemark: Generated<string>;
  appUrl: string;
  packageId: number | null;
  status: Generated<number>;
  createTime: TimestampDefault;
  updateTime: TimestampDefault;
}

export interface ExportJobTable {
  id: Generated<number>;
  /** Issue 23: the runner of the job (export, import); the table is the one queue of long work. */
  kind: Generated<string>;
  /** Items the job will handle, once known; rowCount counts those done. */
  total: number | null;
  /** What the job produced besides its file: counts, per-row errors. */
  result: Json | null;
  /** The running worker's claim token. */
  claim: string | null;
  userId: number;
  /** The organisation chosen when the export was started (its store scope). */
  orgId: number | null;
  page: string;
  resource: string;
  title: string;
  params: Json;
  columns: Json;
  status: Generated<number>;
  rowCount: Generated<number>;
  fileSize: BigIntColumn | null;
  fileName: string | null;
  relativePath: string | null;
  error: string | null;
  heartbeatAt: Timestamp | null;
  createTime: TimestampDefault;
  startTime: Timestamp | null;
  finishTime: Timestamp | null;
}

export interface ExportTicketTable {
  ticketHash: string;
  jobId: number;
  userId: number;
  createTime: TimestampDefault;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
}

export interface CommodityPriceTable {
  id: Generated<number>;
  storeCode: string;
  storeName: string;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  unitName: string;
  priceType: number;
  price: Numeric;
  status: Generated<number>;
  effectiveDate: DateOnly;
  updateName: string;
  updateTime: TimestampDefault;
}

/** Declaration merging, as for 002_identity. */
export interface DB {
  imMessage: ImMessageTable;
  imMessageReceiver: ImMessageReceiverTable;
  imNoticeLog: ImNoticeLogTable;
  printer: PrinterTable;
  userDefaultPrinter: UserDefaultPrinterTable;
  userPreference: UserPreferenceTable;
  appInfo: AppInfoTable;
  appPackage: AppPackageTable;
  appVersion: AppVersionTable;
  exportJob: ExportJobTable;
  exportTicket: ExportTicketTable;
  commodityPrice: CommodityPriceTable;
}

// --- 005_print (documents read by the print pages: shop-app orders, department requisitions, print log) ---

/**
 * The cloud-supermarket orders (schemas/resources/cloudOrder.json owns the tables; 017 dropped the
 * shop_app_order tables of 005): read by the shop-order print route. Server-written columns are
 * nullable in an owned table.
 */
export interface CloudOrderTable {
  id: Generated<number>;
  orderCode: string | null;
  shopId: number | null;
  orderStatus: number | null;
  deliveryMethod: number | null;
  receiveTime: DateOnly | null;
  receiveInterval: string | null;
  receiveMan: string | null;
  receivePhone: string | null;
  receiveAddress: string | null;
  goodsAmount: Numeric | null;
  freightAmount: NumericDefault;
  discountAmount: NumericDefault;
  couponAmount: NumericDefault;
  payAmount: Numeric | null;
  remark: string | null;
  createTime: Timestamp | null;
  payTime: Timestamp | null;
}

export interface CloudOrderItemTable {
  id: Generated<number>;
  orderId: number;
  lineNo: number;
  commodityCode: string;
  commodityName: string | null;
  commoditySpec: string | null;
  unitName: string | null;
  quantity: Numeric;
  isWeight: ColumnType<boolean, boolean | undefined, boolean>;
  price: Numeric | null;
  amount: Numeric | null;
  promotionName: string | null;
}

export interface DpObtainOutOrderTable {
  id: Generated<number>;
  orderCode: string;
  departmentName: string;
  warehouseName: string;
  obtainDate: DateOnly;
  obtainName: string;
  stockUserName: string | null;
  status: Generated<number>;
  remark: string | null;
  createTime: TimestampDefault;
}

export interface DpObtainOutOrderItemTable {
  id: Generated<number>;
  orderId: number;
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  unitName: string;
  quantity: Numeric;
  pickQuantity: Numeric | null;
  price: Numeric;
  pickAmount: Numeric | null;
}

export interface PrintLogTable {
  id: Generated<number>;
  docType: string;
  docCode: string;
  userId: number;
  printedAt: TimestampDefault;
}

/** Declaration merging, as for 002_identity. */
export interface DB {
  cloudOrder: CloudOrderTable;
  cloudOrderItem: CloudOrderItemTable;
  dpObtainOutOrder: DpObtainOutOrderTable;
  dpObtainOutOrderItem: DpObtainOutOrderItemTable;
  printLog: PrintLogTable;
}

// --- 006_receiving (receipts, goods to put away, replenishment rows: handed to their print pages) ---

export interface ReceiveOrderTable {
  id: Generated<number>;
  receiveCode: string;
  purchaseCode: string;
  warehouseName: string;
  supplierName: string;
  createName: string;
  receiveName: string | null;
  receiveTime: Timestamp | null;
  lineCount: Generated<number>;
  totalQuantity: NumericDefault;
  remark: string | null;
  createTime: TimestampDefault;
}

export interface ReceiveOrderItemTable {
  id: Generated<number>;
  receiveOrderId: number;
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  realQuantity: Numeric;
  numberUnit: string;
  productionTime: DateOnly | null;
  expirationTime: DateOnly | null;
  length: Numeric | null;
  width: Numeric | null;
  height: Numeric | null;
  weight: Numeric | null;
  qualityDays: number | null;
}

export interface PutawayItemTable {
  id: Generated<number>;
  receiveCode: string;
  warehouseName: string;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  commodityUnit: string;
  plankCode: string | null;
  shelfNo: string | null;
  upStatus: ColumnType<boolean, boolean | undefined, boolean>;
  createTime: TimestampDefault;
}

export interface ReplenishmentRowTable {
  id: Generated<number>;
  replenishmentCode: string;
  warehouseName: string;
  storageShelfNo: string;
  shelfNo: string;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  realName: string;
  replenishmentQuantity: Numeric;
  realReplenishmentQuantity: Numeric | null;
  status: Generated<number>;
  createTime: TimestampDefault;
  finishTime: Timestamp | null;
}

// --- 007_packer (the packer list of SPEC 7.9, exported through the data export centre) ---

export interface PackerTable {
  id: Generated<number>;
  packerCode: string;
  packerName: string;
  factoryName: string;
  phone: string | null;
  status: Generated<number>;
  createTime: TimestampDefault;
}

/** Declaration merging, as for 002_identity. */
export interface DB {
  receiveOrder: ReceiveOrderTable;
  receiveOrderItem: ReceiveOrderItemTable;
  putawayItem: PutawayItemTable;
  replenishmentRow: ReplenishmentRowTable;
  packer: PackerTable;
}

// --- 012_reminders (reminders of schemas/resources, server/services/reminders.ts) ---

/** One row per reminder, row and date value already sent: the key makes every reminder go out once. */
export interface ReminderLogTable {
  /** resource.reminder, e.g. supplier.qualificationExpiry. */
  reminder: string;
  /** The row's key, or the header key and the line's identity fields. */
  rowKey: string;
  dueDate: DateOnly;
  messageId: number | null;
  receiverCount: number;
  createTime: TimestampDefault;
}

/** Declaration merging, as for 002_identity. */
export interface DB {
  reminderLog: ReminderLogTable;
}

// --- 015_operations (server/services/login-log.ts) ---

export interface LoginLogTable {
  id: Generated<string>;
  account: string | null;
  userId: number | null;
  accountType: number | null;
  /** 1 success, 0 failure. */
  result: number;
  reason: string | null;
  errorCode: string | null;
  ip: string | null;
  browser: string | null;
  device: string | null;
  at: TimestampDefault;
}

/** Declaration merging, as for 002_identity. */
export interface DB {
  loginLog: LoginLogTable;
}

// --- 020_schema_stamp (server/db/stamp.ts) ---

export interface SchemaStampTable {
  id: number;
  key: string;
  appliedAt: TimestampDefault;
}

/** Declaration merging, as for 002_identity. */
export interface DB {
  schemaStamp: SchemaStampTable;
}
