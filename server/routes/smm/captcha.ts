import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import {
  checkSliderDrag,
  createSliderChallenge,
  type DragReport,
  SLIDER,
  SLIDER_FAILED,
} from '../../services/captcha';

const RATE = { max: 30, timeWindow: 60_000 };

const checkBody = {
  type: 'object',
  required: ['challengeId', 'distance', 'duration', 'track'],
  properties: {
    challengeId: { type: 'string', pattern: '^[0-9a-f]{32}$' },
    distance: { type: 'number', minimum: 0, maximum: SLIDER.width },
    duration: { type: 'integer', minimum: 0, maximum: 600_000 },
    track: { type: 'array', maxItems: 2000, items: { type: 'number' } },
  },
  // The page only ever sees one reason: try again.
  errorMessage: SLIDER_FAILED,
} as const;

/**
 * The password-recovery slider (SPEC 2.6), verified on the server:
 * GET /api/v1/smm/captcha/slider → { challengeId, width, height, knob, expiresIn };
 * POST /api/v1/smm/captcha/slider/check { challengeId, distance, duration, track } → { proof },
 * the proof being what sendPhoneCode?purpose=retrieve requires. Pinned by tests/server/auth-password.test.ts.
 */
export default async function captchaRoutes(app: FastifyInstance) {
  app.get('/api/v1/smm/captcha/slider', { config: { public: true, rateLimit: RATE } }, async () =>
    ok(await createSliderChallenge(app.db)),
  );

  app.post<{ Body: DragReport }>(
    '/api/v1/smm/captcha/slider/check',
    { schema: { body: checkBody }, config: { public: true, rateLimit: RATE } },
    async (request) => ok(await checkSliderDrag(app.db, request.body)),
  );
}
