import { getPreferences as getContract, savePreferences } from '@/schema/contracts/preferences';
import { callContract } from '../request/lazy';
import { applyPreferences, getPreferences, type Preferences } from './store';

/**
 * The server's copy (per user) against the local one: read after a sign-in and whenever the console
 * loads (a choice made on another browser wins), written when the user changes it in the user menu.
 */
export async function pullPreferences(): Promise<void> {
  try {
    applyPreferences(await callContract(getContract, {}, { silent: true }));
  } catch {
    // Offline or signed out meanwhile: the local copy stays; the next load tries again.
  }
}

/** The user's choice: shown at once, then stored with his account; a refused save goes back. */
export async function choosePreferences(change: Partial<Preferences>): Promise<void> {
  const before = getPreferences();
  applyPreferences(change);
  try {
    applyPreferences(await callContract(savePreferences, { body: change }));
  } catch (err) {
    applyPreferences(before);
    throw err;
  }
}
