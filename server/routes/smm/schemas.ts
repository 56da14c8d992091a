/** Query and body pieces shared by the SMS and password endpoints, with the SPEC 5 messages. */
export const PHONE_PATTERN = '^1\\d{10}$';
export const PHONE_INVALID = '请输入正确的手机号';

export const phoneField = (invalid: string = PHONE_INVALID) =>
  ({ type: 'string', pattern: PHONE_PATTERN, errorMessage: invalid }) as const;

/** Codes: 10 characters in most forms, 11 in the change-phone dialog and recovery (SPEC 5); we accept 11. */
export const codeField = {
  type: 'string',
  minLength: 1,
  maxLength: 11,
  errorMessage: { minLength: '请输入验证码', maxLength: '验证码长度不能超过 11 个字符' },
} as const;

/** SPEC 5: sending a code with no phone gives '请输入手机号'. */
export const phoneQuery = (extra: Record<string, object> = {}) =>
  ({
    type: 'object',
    required: ['phone'],
    properties: { phone: phoneField(), ...extra },
    errorMessage: { required: { phone: '请输入手机号' } },
  }) as const;

export const phoneCodeQuery = {
  type: 'object',
  required: ['phone', 'code'],
  properties: { phone: phoneField(), code: codeField },
  errorMessage: { required: { phone: '请输入您的手机号', code: '请输入验证码' } },
} as const;

export const PHONE_TAKEN = '该手机号已被其他账号绑定';
