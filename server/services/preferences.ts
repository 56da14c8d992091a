import { DEFAULT_PREFERENCES, type Language, type ThemeChoice } from '../../src/schema/contracts/preferences';
import type { Database } from '../db/index';

export interface Preferences {
  theme: ThemeChoice;
  language: Language;
}

/** The user's stored theme and language; the defaults (light, zh-CN) before he chose any. */
export async function readPreferences(db: Database, userId: number): Promise<Preferences> {
  const row = await db
    .selectFrom('userPreference')
    .select(['theme', 'language'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row ? (row as Preferences) : { ...DEFAULT_PREFERENCES };
}

/** Stores the given choices (the others stay) and answers the whole set. */
export async function savePreferences(
  db: Database,
  userId: number,
  change: Partial<Preferences>,
): Promise<Preferences> {
  const next = { ...(await readPreferences(db, userId)), ...change };
  await db
    .insertInto('userPreference')
    .values({ userId, ...next })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ ...next, updatedAt: new Date() }))
    .execute();
  return next;
}
