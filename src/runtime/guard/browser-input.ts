import { getProfile, TOKEN_KEY } from '../session';
import { readCookie, readItem } from '../session/storage';
import type { GuardInput } from './decide';

/** What the guard decides on, read from this browser's storages. */
export function readGuardInput(path: string, noAuthPaths: readonly string[]): GuardInput {
  return {
    path,
    noAuthPaths,
    cookieToken: readCookie(TOKEN_KEY) || undefined,
    sessionToken: readItem('sessionStorage', TOKEN_KEY) || undefined,
    profile: getProfile(),
  };
}
