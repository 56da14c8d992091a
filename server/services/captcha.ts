import { randomBytes } from 'node:crypto';
import type { Database } from '../db/index';
import { SLIDER_FAILED, SLIDER_WIDTH } from '../../src/schema/contracts/account';
import { ApiError } from '../http/envelope';
import { sha256Hex } from '../security/keys';

/**
 * The password-recovery slider (SPEC 2.6: 330 × 40, passes when dragged fully to the end), verified by
 * the server: the page fetches a challenge, reports the drag, and gets a short-lived single-use proof
 * that sending a recovery code requires. A challenge allows one attempt; a failed drag needs a new one.
 */
export const SLIDER = {
  width: SLIDER_WIDTH,
  height: 40,
  /** The knob is square (40 × 40): dragged fully means its left edge at 330 − 40. */
  knob: 40,
  challengeTtlMs: 2 * 60_000,
  proofTtlMs: 5 * 60_000,
  /** A human drag over 290 px takes time; a release faster than this is a script. */
  minDragMs: 300,
  maxDragMs: 60_000,
  minTrackPoints: 5,
} as const;

export const SLIDER_END = SLIDER.width - SLIDER.knob;
export { SLIDER_FAILED };
export const SLIDER_REQUIRED = '请先完成滑块验证';

export interface DragReport {
  challengeId: string;
  /** Knob offset at release, px. */
  distance: number;
  /** Milliseconds between press and release. */
  duration: number;
  /** Knob offsets sampled during the drag, px, in order. */
  track: number[];
}

export async function createSliderChallenge(db: Database) {
  const challengeId = randomBytes(16).toString('hex');
  const now = new Date();
  // Anyone may ask for a challenge: expired rows are cleared here so the table cannot grow without bound.
  await db
    .deleteFrom('sliderChallenge')
    .where('expiresAt', '<', new Date(now.getTime() - SLIDER.proofTtlMs))
    .execute();
  await db
    .insertInto('sliderChallenge')
    .values({
      challengeHash: sha256Hex(challengeId),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SLIDER.challengeTtlMs),
    })
    .execute();
  return {
    challengeId,
    width: SLIDER.width,
    height: SLIDER.height,
    knob: SLIDER.knob,
    expiresIn: SLIDER.challengeTtlMs / 1000,
  };
}

function plausible(report: DragReport, issuedAt: number, now: number): boolean {
  const { distance, duration, track } = report;
  if (distance < SLIDER_END || distance > SLIDER.width) return false;
  if (duration < SLIDER.minDragMs || duration > SLIDER.maxDragMs) return false;
  // The drag cannot have lasted longer than the challenge has existed.
  if (now - issuedAt < duration) return false;
  if (track.length < SLIDER.minTrackPoints) return false;
  if (track[0]! > SLIDER.knob / 2 || track[track.length - 1] !== distance) return false;
  return track.every((x) => x >= 0 && x <= SLIDER.width);
}

/** Checks a drag; one attempt per challenge. Returns the proof on success, throws 400 otherwise. */
export async function checkSliderDrag(db: Database, report: DragReport): Promise<{ proof: string }> {
  const now = new Date();
  // Claiming the challenge and checking it are one conditional update: a challenge is tried once.
  const claimed = await db
    .updateTable('sliderChallenge')
    .set({ passedAt: now })
    .where('challengeHash', '=', sha256Hex(report.challengeId))
    .where('passedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning(['id', 'createdAt'])
    .executeTakeFirst();
  if (!claimed || !plausible(report, new Date(claimed.createdAt).getTime(), now.getTime())) {
    if (claimed) {
      // Spent without a proof: the page must fetch a new challenge.
      await db.updateTable('sliderChallenge').set({ expiresAt: now }).where('id', '=', claimed.id).execute();
    }
    throw ApiError.badRequest(SLIDER_FAILED);
  }
  const proof = randomBytes(24).toString('hex');
  await db
    .updateTable('sliderChallenge')
    .set({ proofHash: sha256Hex(proof), proofExpiresAt: new Date(now.getTime() + SLIDER.proofTtlMs) })
    .where('id', '=', claimed.id)
    .execute();
  return { proof };
}

/** Spends a proof (single use). Throws 400 '请先完成滑块验证' when missing, used or expired. */
export async function consumeSliderProof(db: Database, proof: string | undefined): Promise<void> {
  if (!proof) throw ApiError.badRequest(SLIDER_REQUIRED);
  const now = new Date();
  const used = await db
    .updateTable('sliderChallenge')
    .set({ proofUsedAt: now })
    .where('proofHash', '=', sha256Hex(proof))
    .where('proofUsedAt', 'is', null)
    .where('proofExpiresAt', '>', now)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw ApiError.badRequest(SLIDER_REQUIRED);
}
