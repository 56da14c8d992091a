import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { LOGIN_RATE } from './login';
import { checkAccountPassword, startSession } from './sign-in';

const body = {
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
} as const;

/**
 * POST /api/v1/user03/login (SPEC 7.1): the older account login, same rules as accountType 1: the password
 * travels RSA-OAEP encrypted, with the same lockout and the same single session per account and app.
 */
export default async function legacyLoginRoutes(app: FastifyInstance) {
  app.post<{ Body: { appCode?: string; userName: string; password: string; systemId?: number } }>(
    '/api/v1/user03/login',
    { schema: { body }, config: { public: true, rateLimit: LOGIN_RATE } },
    async (request) => {
      const { appCode, userName, password, systemId } = request.body;
      const user = await checkAccountPassword(app, userName, password);
      return ok(await startSession(app, user, { appCode, systemId }));
    },
  );
}
