import type { FieldDef, TransitionDef } from '../../src/schema/types';

/** A China date (YYYY-MM-DD) `days` from `now`. */
function chinaDay(now: Date, days = 0): string {
  return new Date(now.getTime() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * When a scheduled transition is due (docs/schemas.md, scheduled transitions): a date-time once it
 * has passed; a date once its China day is over (`at: end`, the default: a deadline) or has begun
 * (`at: start`: a price effective from that day). Answers the comparison a due row's value passes.
 */
export function dueCutoff(
  field: FieldDef,
  t: TransitionDef,
  now: Date,
): { op: '<' | '<='; value: Date | string } {
  if (field.format !== 'date') return { op: '<', value: now };
  return { op: '<=', value: t.schedule?.at === 'start' ? chinaDay(now) : chinaDay(now, -1) };
}

/** Whether a row read by the engine (dates as YYYY-MM-DD, date-times as ISO text) is due at `now`. */
export function isDue(field: FieldDef, t: TransitionDef, value: unknown, now: Date): boolean {
  if (value === null || value === undefined || value === '') return false;
  const { op, value: cut } = dueCutoff(field, t, now);
  if (typeof cut === 'string') {
    const day = String(value).slice(0, 10);
    return op === '<=' ? day <= cut : day < cut;
  }
  const at = value instanceof Date ? value.getTime() : Date.parse(String(value));
  return at < cut.getTime();
}
