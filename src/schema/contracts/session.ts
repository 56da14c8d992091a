import { defineContract } from './define';
import { arr, bool, dateTime, int, nullable, obj, str } from './shapes';

/**
 * Sign-in, session and profile calls (SPEC 2.2–2.5, 3, 5, 7.1; server/routes/auth, health,
 * common/client-config, dev/sms). Callers: src/host/pages/auth-flow/auth-api.ts,
 * src/host/components/auth/wechat-api.ts, src/host/layout (logout, organisation switcher) and the
 * request layer's client configuration.
 */

/** The subsystems an auth code may open (SPEC 2.3). */
export const AUTH_CODE_TARGETS = [100, 200, 301] as const;
/** Messaging-app QR purposes (SPEC 2.5): 1 login, 2/5 bind, 3/6 unbind, 4 identity check. */
export const WECHAT_ACT_TYPES = [1, 2, 3, 4, 5, 6] as const;
/** SPEC 9: the back-office subsystem. */
export const FRESH_SYSTEM_ID = 300;

const CHOOSE_ORG = '请选择机构';

/**
 * An integer out of `values`, typed as a plain number: the caller holds it from an answer or a page
 * address typed as an integer, and the server still refuses any other value with `message`.
 */
const intOf = (values: readonly number[], message: string) =>
  ({ type: 'integer', enum: values as readonly number[], errorMessage: message }) as const;

/** Liveness; the engine and demo flag only for a signed-in caller. */
export const health = defineContract({
  method: 'GET',
  path: '/api/health',
  data: obj({ status: str, database: str, demo: bool }, ['database', 'demo']),
});

/** What the page needs before its first signed call. */
export const clientConfig = defineContract({
  method: 'GET',
  path: '/api/v1/common/clientConfig',
  data: obj({ signSecret: str, uploadSecret: str, publicKey: str, appCode: str, systemId: int, demo: bool }),
});

/** SPEC 3 'Login response'; type 3 adds specialResult. */
const loginReply = obj(
  {
    token: str,
    userId: int,
    employeeNumber: str,
    realName: str,
    specialResult: obj({ success: bool, msg: str }),
  },
  ['specialResult'],
);

const forType = <const T extends number, const S extends object>(accountType: T, then: S) => ({
  if: { properties: { accountType: { const: accountType } }, required: ['accountType'] },
  then,
});

/**
 * SPEC 3 'Login payload', 5 'Login': one endpoint, four account types, each with its own required
 * fields and the exact messages of SPEC 5. Codes (types 3 and 4) are longer than an account name.
 */
export const login = defineContract({
  method: 'POST',
  path: '/api/v1/auth/login',
  body: {
    type: 'object',
    required: ['accountType'],
    properties: {
      accountType: { type: 'integer', enum: [1, 2, 3, 4], errorMessage: '不支持的登录方式' },
      account: { type: 'string', maxLength: 128 },
      password: { type: 'string', maxLength: 2048 },
      encryptModel: { type: 'integer', enum: [2], errorMessage: '不支持的加密方式' },
      appCode: { type: 'string', maxLength: 10 },
      systemId: { type: 'integer' },
      browserName: { type: 'string', maxLength: 100 },
      deviceSystemType: { type: ['string', 'integer'] },
      deviceSystemName: { type: 'string', maxLength: 100 },
    },
    allOf: [
      forType(1, {
        required: ['account', 'password'],
        properties: {
          account: {
            type: 'string',
            minLength: 1,
            maxLength: 11,
            errorMessage: { minLength: '长度在 1 到 11 个字符', maxLength: '长度在 1 到 11 个字符' },
          },
          password: { type: 'string', minLength: 1, errorMessage: { minLength: '请输入您的登录密码' } },
        },
        errorMessage: { required: { account: '请输入您的账号', password: '请输入您的登录密码' } },
      }),
      forType(2, {
        required: ['account', 'password'],
        properties: {
          account: { type: 'string', pattern: '^1\\d{10}$', errorMessage: '请输入正确的手机号' },
          password: {
            type: 'string',
            minLength: 1,
            maxLength: 10,
            errorMessage: { minLength: '请输入您的验证码', maxLength: '验证码长度不能超过 10 个字符' },
          },
        },
        errorMessage: { required: { account: '请输入您的手机号', password: '请输入您的验证码' } },
      }),
      forType(3, {
        required: ['account'],
        properties: { account: { type: 'string', minLength: 1, errorMessage: '微信登录出错了' } },
        errorMessage: { required: { account: '微信登录出错了' } },
      }),
      forType(4, {
        required: ['account'],
        properties: { account: { type: 'string', minLength: 1, errorMessage: '授权码登录出错了' } },
        errorMessage: { required: { account: '授权码登录出错了' } },
      }),
    ],
    errorMessage: { required: { accountType: '不支持的登录方式' } },
  },
  data: loginReply,
});

/** SPEC 7.1: the older account login, same rules as accountType 1. */
export const legacyLogin = defineContract({
  method: 'POST',
  path: '/api/v1/user03/login',
  body: {
    type: 'object',
    required: ['userName', 'password'],
    properties: {
      appCode: { type: 'string', maxLength: 10 },
      userName: {
        type: 'string',
        minLength: 1,
        maxLength: 11,
        errorMessage: { minLength: '长度在 1 到 11 个字符', maxLength: '长度在 1 到 11 个字符' },
      },
      password: {
        type: 'string',
        minLength: 1,
        maxLength: 2048,
        errorMessage: { minLength: '请输入您的登录密码' },
      },
      systemId: { type: 'integer' },
      encryptModel: { type: 'integer', enum: [2], errorMessage: '不支持的加密方式' },
    },
    errorMessage: { required: { userName: '请输入您的账号', password: '请输入您的登录密码' } },
  },
  data: loginReply,
});

/** Ends the session; the body (device information) is ignored. */
export const logout = defineContract({
  method: 'POST',
  path: '/api/v1/user03/logout',
  data: { type: 'null' },
});

/** SPEC 3 'Navigation info response': the security check after login (SPEC 2.2). */
export const navigation = defineContract({
  method: 'POST',
  path: '/api/v1/auth/navigation',
  body: {
    type: 'object',
    properties: { accountType: { type: 'integer', enum: [1, 2, 3, 4], errorMessage: '不支持的登录方式' } },
  },
  // forcePwdChange: the password was reset by an administrator and must be changed first (issue 20.4).
  data: obj({ navigationType: int, updatePwdTips: str, bindPhoneHide: str, forcePwdChange: bool }),
});

/** SPEC 3 user session/profile: the user, the chosen organisation and the permissions. */
const profile = obj({
  employeeNumber: str,
  realName: str,
  userId: int,
  systemId: int,
  orgId: int,
  shopId: nullable.int,
  shopType: nullable.int,
  storeName: str,
  refObjType: int,
  refObjStatus: int,
  managementMode: nullable.int,
  /** Menu groups and pages; the sidebar is built from these. */
  permissions: arr(
    obj({ id: int, parentId: nullable.int, name: str, uri: nullable.str, menuClass: int, app: str }),
  ),
  /** Button codes (SPEC 6). */
  powerControl: arr(obj({ code: str })),
});

/** SPEC 2.4: the organisation (store) choice, kept on the session; answers the new profile. */
export const chooseStore = defineContract({
  method: 'POST',
  path: '/api/v1/auth/chooseStore',
  body: {
    type: 'object',
    required: ['orgId'],
    properties: {
      systemId: intOf([FRESH_SYSTEM_ID], '不支持的子系统'),
      orgId: { type: 'integer', minimum: 1, errorMessage: CHOOSE_ORG },
      refObjType: intOf([1, 2, 3], CHOOSE_ORG),
    },
    errorMessage: { required: { orgId: CHOOSE_ORG } },
  },
  data: profile,
});

/** The profile of the session's chosen organisation (the route guard's recovery). */
export const userInfo = defineContract({
  method: 'POST',
  path: '/api/v1/auth/userInfo',
  data: profile,
});

/** SPEC 2.3: a single-use code to open another subsystem as the signed-in user. */
export const authCode = defineContract({
  method: 'POST',
  path: '/api/v1/auth/authCode',
  body: {
    type: 'object',
    required: ['systemId'],
    properties: {
      systemId: intOf(AUTH_CODE_TARGETS, '跳转参数错误'),
    },
    errorMessage: { required: { systemId: '跳转参数错误' } },
  },
  data: obj({ authCode: str, systemUrl: str }),
});

export const WECHAT_TYPE_INVALID = '二维码类型不正确';
const actType = { type: 'integer', enum: WECHAT_ACT_TYPES, errorMessage: WECHAT_TYPE_INVALID } as const;

/** The QR content of a messaging-app action; `state` ends with _<actType>. */
export const wechatQr = defineContract({
  method: 'GET',
  path: '/api/v1/auth/wechat/qr',
  query: {
    type: 'object',
    required: ['actType'],
    properties: { actType },
    errorMessage: { required: { actType: '二维码类型不正确' } },
  },
  data: obj({ authorizeUrl: str, state: str }),
});

const SCAN_EXPIRED = '二维码已失效，请重新扫码';

/**
 * A scan's result: type 1 checks a login scan (bound), 4 the identity check (checked), 2/5 bind and
 * 3/6 unbind (bindWechatStatus); each answers its one field.
 */
export const checkWechatInfo = defineContract({
  method: 'GET',
  path: '/api/v1/auth/checkWechatInfoBeforeLogin',
  query: {
    type: 'object',
    required: ['code', 'type'],
    properties: {
      code: { type: 'string', minLength: 1, maxLength: 128, errorMessage: SCAN_EXPIRED },
      type: actType,
    },
    errorMessage: { required: { code: SCAN_EXPIRED, type: '二维码类型不正确' } },
  },
  data: obj({ bound: bool, checked: bool, bindWechatStatus: int }, ['bound', 'checked', 'bindWechatStatus']),
});

/** Demo mode only: the latest SMS sent to a phone, with its code (tests and e2e). */
export const devSms = defineContract({
  method: 'GET',
  path: '/api/dev/sms',
  query: {
    type: 'object',
    required: ['phone'],
    properties: { phone: { type: 'string', pattern: '^1\\d{10}$', errorMessage: '请输入正确的手机号' } },
    errorMessage: { required: { phone: '请输入手机号' } },
  },
  data: { ...obj({ phone: str, text: str, createdAt: dateTime, code: str }), type: ['object', 'null'] },
});
