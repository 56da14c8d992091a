import type { FastifyInstance } from 'fastify';
import { sliderChallenge, sliderCheck } from '../../../src/schema/contracts/account';
import { contractRoute } from '../../http/contract-route';
import { checkSliderDrag, createSliderChallenge } from '../../services/captcha';

const RATE = { max: 30, timeWindow: 60_000 };

/**
 * The password-recovery slider (SPEC 2.6), verified on the server: a challenge, then the drag report
 * whose pass answers the proof that sendPhoneCode?purpose=retrieve requires.
 * Pinned by tests/server/auth-password.test.ts.
 */
export default async function captchaRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    sliderChallenge,
  )({ config: { public: true, rateLimit: RATE }, handler: () => createSliderChallenge(app.db) });

  contractRoute(
    app,
    sliderCheck,
  )({
    config: { public: true, rateLimit: RATE },
    handler: (request) => checkSliderDrag(app.db, request.body),
  });
}
