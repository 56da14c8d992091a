import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, MSG } from '../http/envelope';
import { sha256Hex } from '../security/keys';

/** Paths whose calls are signed (SPEC 7): the API prefixes. Static files and pages are not. */
export const API_PREFIXES = ['/api/', '/gateApi/'];

/**
 * Whether a request URL is an API call. Duplicate slashes are collapsed first, exactly as the router
 * does (ignoreDuplicateSlashes), so '//api//x' cannot slip past signing and authentication.
 */
export function isApiPath(url: string): boolean {
  const normalised = url.replace(/\/{2,}/g, '/');
  return API_PREFIXES.some((p) => normalised.startsWith(p));
}

/** signature = hex SHA-256 of secret + timestamp + token (token only when one is sent). */
export function expectedSignature(secret: string, timestamp: string, token: string | undefined): string {
  return sha256Hex(secret + timestamp + (token ?? ''));
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Rejects API calls whose timestamp is more than ±5 minutes away or whose signature does not match.
 * Pinned by tests/server/signature.test.ts.
 */
export function registerSignature(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.unsigned || !isApiPath(request.url)) return;
    const timestamp = request.headers.timestamp;
    const signature = request.headers.signature;
    const token = request.headers.token;
    if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d{10,16}$/.test(timestamp)) {
      throw new ApiError(403, 'E0403', MSG.badSignature);
    }
    if (Math.abs(Date.now() - Number(timestamp)) > app.config.signatureSkewMs) {
      throw new ApiError(403, 'E0403', MSG.badSignature);
    }
    const expected = expectedSignature(
      app.keys.signSecret,
      timestamp,
      typeof token === 'string' ? token : undefined,
    );
    if (!sameHex(signature.toLowerCase(), expected)) throw new ApiError(403, 'E0403', MSG.badSignature);
  });
}
