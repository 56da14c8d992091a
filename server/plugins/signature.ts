import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError, MSG } from '../http/envelope';
import { sha256Hex } from '../security/keys';
import { validUploadSignature } from '../services/upload';

/** The API prefixes (SPEC 7). Only used to choose a 404's form (JSON or the page); never for access. */
export const API_PREFIXES = ['/api/', '/gateApi/'];

/** Whether an unmatched URL looks like an API call, for the 404 answer's form only. */
export function looksLikeApiPath(url: string): boolean {
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
 * Every matched route is signed unless its config says `unsigned`: the decision comes from the route
 * the router matched, not from the raw URL, so no spelling of a path ('/%61pi/…', '//api//…', a
 * trailing slash) reaches a route unsigned (tests/server/route-access.test.ts). Rejects calls whose timestamp is more than ±5 minutes away or whose signature does not match.
 * Pinned by tests/server/signature.test.ts.
 */
export function registerSignature(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (request.is404 || config.unsigned) return;
    if (config.signedInQuery) {
      const { timestamp, signature } = (request.query ?? {}) as Record<string, unknown>;
      const token = request.headers.token;
      const valid =
        typeof timestamp === 'string' &&
        typeof signature === 'string' &&
        typeof token === 'string' &&
        validUploadSignature(
          app.keys.signSecret,
          { timestamp, signature },
          token,
          app.config.signatureSkewMs,
        );
      if (!valid) throw new ApiError(403, 'E0403', MSG.badSignature);
      return;
    }
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
