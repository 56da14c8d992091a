import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, fail, MSG } from '../http/envelope';
import { firstValidationMessage } from '../http/validation-message';

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
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(fail('E0500', MSG.internal, null, String(request.id)));
  });
}
