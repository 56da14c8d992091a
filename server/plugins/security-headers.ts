import type { FastifyInstance } from 'fastify';

/**
 * Conservative headers on every response. The CSP allows only this origin's scripts; antd injects
 * style tags at run time, hence 'unsafe-inline' for styles only. Images may come from data: and blob:
 * (QR codes, barcodes, upload previews).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    // API answers hold personal and business data: never kept by a browser or proxy. Files and pages
    // that may be cached say so themselves (static assets, uploads).
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header(
      'content-security-policy',
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'self'; object-src 'none'; base-uri 'self'",
    );
  });
}
