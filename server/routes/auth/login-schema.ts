/**
 * The login body (SPEC 3 'Login payload', 5 'Login'): one endpoint, four account types, each with its own
 * required fields and the exact Chinese messages of SPEC 5. Codes (types 3 and 4) are longer than the
 * 11 characters of an account name.
 */
const forType = (accountType: number, then: object) => ({
  if: { properties: { accountType: { const: accountType } }, required: ['accountType'] },
  then,
});

export const loginBody = {
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
} as const;

export interface LoginBody {
  accountType: 1 | 2 | 3 | 4;
  account: string;
  password?: string;
  appCode?: string;
  systemId?: number;
}
