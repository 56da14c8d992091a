import { defineContract } from './define';
import { bool, int, num, obj, str } from './shapes';

/**
 * Phone codes, phone binding, password recovery and change, and the recovery slider (SPEC 2.2,
 * 2.6–2.9, 5, 7.2; server/routes/smm). Callers: src/host/pages/auth-flow/auth-api.ts,
 * src/host/pages/retrieve/retrieve-api.ts, src/host/pages/userCenter/user-center-api.ts and
 * src/host/components/auth/slider-api.ts.
 */
const BASE = '/api/v1/smm/userAccount';

export const PHONE_INVALID = '请输入正确的手机号';
export const phoneField = (invalid: string = PHONE_INVALID) =>
  ({ type: 'string', pattern: '^1\\d{10}$', errorMessage: invalid }) as const;

/** Codes: 10 characters in most forms, 11 in the change-phone dialog and recovery (SPEC 5); 11 pass. */
const codeField = {
  type: 'string',
  minLength: 1,
  maxLength: 11,
  errorMessage: { minLength: '请输入验证码', maxLength: '验证码长度不能超过 11 个字符' },
} as const;

/** SPEC 5: sending a code with no phone gives '请输入手机号'. */
const phoneOnly = {
  type: 'object',
  required: ['phone'],
  properties: { phone: phoneField() },
  errorMessage: { required: { phone: '请输入手机号' } },
} as const;

const phoneCode = {
  type: 'object',
  required: ['phone', 'code'],
  properties: { phone: phoneField(), code: codeField },
  errorMessage: { required: { phone: '请输入您的手机号', code: '请输入验证码' } },
} as const;

/** A code for login, recovery (after the slider: `proof`) or binding a new phone (signed in). */
export const sendPhoneCode = defineContract({
  method: 'GET',
  path: `${BASE}/sendPhoneCode`,
  query: {
    type: 'object',
    required: ['phone'],
    properties: {
      phone: phoneField(),
      purpose: {
        type: 'string',
        enum: ['login', 'retrieve', 'bind'],
        default: 'login',
        errorMessage: '验证码用途不正确',
      },
      proof: { type: 'string', maxLength: 100 },
    },
    errorMessage: { required: { phone: '请输入手机号' } },
  },
  data: obj({ resendAfter: int }),
});

/** Recovery step 1: checks the code without spending it. */
export const checkTelephoneCode = defineContract({
  method: 'GET',
  path: `${BASE}/checkTelephoneCode`,
  query: phoneCode,
  data: bool,
});

/** A new phone's code before binding: checked, not spent. */
export const checkPhoneCode = defineContract({
  method: 'GET',
  path: `${BASE}/checkPhoneCode`,
  query: phoneCode,
  data: bool,
});

/** The phone's format; signed in, also whether another account holds it. */
export const checkPhone = defineContract({
  method: 'GET',
  path: `${BASE}/checkPhone`,
  query: phoneOnly,
  data: bool,
});

/** A code to the signed-in user's own phone; answers it masked. */
export const sendUserPhoneCode = defineContract({
  method: 'GET',
  path: `${BASE}/sendUserPhoneCode`,
  data: obj({ phone: str, resendAfter: int }),
});

/** The identity check (SPEC 2.7) and change-phone step 1 (SPEC 2.9). */
export const checkUserPhoneCode = defineContract({
  method: 'GET',
  path: `${BASE}/checkUserPhoneCode`,
  query: {
    type: 'object',
    required: ['code'],
    properties: { code: codeField },
    errorMessage: { required: { code: '请输入验证码' } },
  },
  data: bool,
});

/** Binds (or changes to) a phone; phone and code travel in the query. */
export const bindPhone = defineContract({
  method: 'POST',
  path: `${BASE}/bindPhone`,
  query: phoneCode,
  data: obj({ bindPhoneHide: str }),
});

const encryptModel = { type: 'integer', enum: [2], errorMessage: '不支持的加密方式' } as const;
const encrypted = <const M extends string>(missing: M) =>
  ({ type: 'string', minLength: 1, maxLength: 2048, errorMessage: { minLength: missing } }) as const;

/**
 * Recovery step 2: a failure is an answer, not an error: errorType 1 the code (the page goes back to
 * step 1, SPEC 4), 2 the new password (stay on step 2); 0 with success.
 */
export const findUserPwdByPhone = defineContract({
  method: 'POST',
  path: '/api/v1/smm/user/findUserPwdByPhone',
  body: {
    type: 'object',
    required: ['phone', 'code', 'password'],
    properties: {
      phone: phoneField('请输入手机号'),
      code: codeField,
      password: encrypted('请输入新密码'),
      encryptModel,
    },
    errorMessage: { required: { phone: '请输入手机号', code: '请输入验证码', password: '请输入新密码' } },
  },
  data: obj({ success: bool, errorMsg: str, errorType: int }),
});

/** The signed-in user's password change; other sessions end. */
export const editPassword = defineContract({
  method: 'POST',
  path: '/api/v1/smm/user/editPassword',
  body: {
    type: 'object',
    required: ['oldPwd', 'newPwd'],
    properties: {
      oldPwd: encrypted('请输入您的旧密码'),
      newPwd: encrypted('请输入您的新密码'),
      encryptModel,
    },
    errorMessage: { required: { oldPwd: '请输入您的旧密码', newPwd: '请输入您的新密码' } },
  },
  data: bool,
});

/** The slider's track width (SPEC 2.6: 330 × 40). */
export const SLIDER_WIDTH = 330;
/** The page only ever sees one reason: try again. */
export const SLIDER_FAILED = '滑块验证失败，请重试';

/** A new slider challenge. */
export const sliderChallenge = defineContract({
  method: 'GET',
  path: '/api/v1/smm/captcha/slider',
  data: obj({ challengeId: str, width: int, height: int, knob: int, expiresIn: int }),
});

/** The drag as the page recorded it; a passed check answers the proof sendPhoneCode needs. */
export const sliderCheck = defineContract({
  method: 'POST',
  path: '/api/v1/smm/captcha/slider/check',
  body: {
    type: 'object',
    required: ['challengeId', 'distance', 'duration', 'track'],
    properties: {
      challengeId: { type: 'string', pattern: '^[0-9a-f]{32}$' },
      distance: { type: 'number', minimum: 0, maximum: SLIDER_WIDTH },
      duration: { type: 'integer', minimum: 0, maximum: 600_000 },
      track: { type: 'array', maxItems: 2000, items: num },
    },
    errorMessage: SLIDER_FAILED,
  },
  data: obj({ proof: str }),
});
