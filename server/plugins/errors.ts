import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, fail, MSG } from '../http/envelope';
import { firstValidationMessage } from '../http/validation-message';

/**
 * The last-resort safety net of issue 13.3: PostgreSQL's data exceptions (SQLSTATE class 22: a
 * number out of range, a bad date, NUL in text, text that is no number) are bad input, so a 400 with
 * a Chinese message, never a 500. The request schemas' bounds (src/schema/input-bounds.ts) are the
 * primary fix; this catches a route whose handler turns input into SQL values on its own.
 */
const DATA_ERRORS: Record<string, string> = {
  '22003': '输入的数值超出允许范围',
  '22008': '输入的日期时间超出允许范围',
  '22007': '输入的日期时间格式不正确',
  '22021': '输入的内容含有不允许的字符',
  '22P05': '输入的内容含有不允许的字符',
  '22P02': '输入的数据格式不正确',
};

function databaseDataError(error: { code?: unknown }): string | undefined {
  const code = typeof error.code === 'string' ? error.code : '';
  if (!/^22[0-9A-Z]{3}$/.test(code)) return undefined;
  return DATA_ERRORS[code] ?? '输入的数据不正确';
}

/**
 * Every failure leaves the server as the envelope with the code table of DESIGN.md 3.
 * Unexpected errors are logged with the request id; the client never sees SQL text or a stack.
 * Unknown paths are answered by plugins/static.ts (page fallback or E0404).
 * Pinned by tests/server/envelope.test.ts.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send(fail(error.code, error.message, error.data));
    }
    if (error.validation) {
      return reply.status(400).send(fail('E0400', firstValidationMessage(error.validation as never)));
    }
    // Fastify's own client errors: malformed JSON, unsupported media type, body too large …
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send(fail('E0400', MSG.badJson));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(fail('E0413', '提交的数据过大'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(fail('E0415', '不支持的请求数据类型'));
    }
    if (error.statusCode === 429) {
      return reply.status(429).send(fail('E0429', error.message));
    }
    const dataError = databaseDataError(error);
    if (dataError) {
      // A value the schemas let through but the database refused: the schema lacks a bound (warn).
      request.log.warn({ err: error }, 'database refused a value');
      return reply.status(400).send(fail('E0400', dataError));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(fail('E0500', MSG.internal, null, String(request.id)));
  });
}
