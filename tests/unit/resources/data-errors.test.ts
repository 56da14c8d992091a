import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../../../server/plugins/errors';

// Issue 13.3, the safety net: a value the database refuses (SQLSTATE class 22) is bad input, a 400
// with a Chinese message, never a 500, whichever route let it through.
describe('database data errors', () => {
  it('answer 400 E0400 with a Chinese message; other database errors stay 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/:code', async (request) => {
      throw Object.assign(new Error('from the database'), {
        code: (request.params as { code: string }).code,
      });
    });
    const answer = async (code: string) => {
      const res = await app.inject({ method: 'GET', url: `/${code}` });
      return { status: res.statusCode, result: res.json().result };
    };
    expect(await answer('22003')).toEqual({
      status: 400,
      result: { success: false, code: 'E0400', msg: '输入的数值超出允许范围' },
    });
    expect((await answer('22021')).result.msg).toBe('输入的内容含有不允许的字符');
    expect((await answer('22008')).result.msg).toBe('输入的日期时间超出允许范围');
    expect((await answer('22012')).status).toBe(400);
    expect((await answer('23505')).status).toBe(500);
    await app.close();
  });
});
