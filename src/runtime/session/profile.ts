import { readItem, removeItem, writeItem } from './storage';

/** Local storage keys (SPEC 3: profile and menus are kept in local storage). */
export const PROFILE_KEY = 'profile';
export const MENUS_KEY = 'menus';

/** The back-office system id (SPEC 9); a profile without one belongs to it. */
export const DEFAULT_SYSTEM_ID = 300;

/** One entry of the flat permission list (SPEC 3, 6): the sidebar menu is built from these. */
export interface PermissionEntry {
  id: number;
  parentId: number | null;
  name: string;
  /** A group may have none (SPEC 3). */
  uri: string | null;
  menuClass?: number;
}

/** A permission code the user holds, e.g. platformMsg:saveRadioMessage (SPEC 6). */
export interface PowerControlEntry {
  code: string;
}

/**
 * The signed-in user's profile (SPEC 3). Login fills the identity fields; choosing an organisation or
 * store fills the org fields; the permission fetch fills permissions and powerControl.
 */
export interface Profile {
  employeeNumber: string;
  realName: string;
  userId: number;
  systemId: number;
  orgId?: number;
  shopId?: number | null;
  shopType?: number | null;
  storeName?: string;
  refObjType?: number;
  refObjStatus?: number;
  managementMode?: number | null;
  permissions: PermissionEntry[];
  powerControl: PowerControlEntry[];
}

/** What callers may hand in: systemId defaults to 300, the lists to empty. */
export type ProfileInput = Omit<Profile, 'systemId' | 'permissions' | 'powerControl'> &
  Partial<Pick<Profile, 'systemId' | 'permissions' | 'powerControl'>>;

function withDefaults(input: ProfileInput): Profile {
  return {
    ...input,
    systemId: input.systemId ?? DEFAULT_SYSTEM_ID,
    permissions: Array.isArray(input.permissions) ? input.permissions : [],
    powerControl: Array.isArray(input.powerControl) ? input.powerControl : [],
  };
}

function readJson(key: string): unknown {
  const raw = readItem('localStorage', key);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** The stored profile, or undefined when there is none or it is not readable (treated as signed out). */
export function getProfile(): Profile | undefined {
  const value = readJson(PROFILE_KEY);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return withDefaults(value as ProfileInput);
}

export function setProfile(profile: ProfileInput): Profile {
  const stored = withDefaults(profile);
  writeItem('localStorage', PROFILE_KEY, JSON.stringify(stored));
  return stored;
}

/**
 * Merges fields into the stored profile, e.g. the organisation chosen on /chooseMd.
 * Returns undefined (and stores nothing) when no profile exists yet: identity comes from login only.
 */
export function updateProfile(patch: Partial<Profile>): Profile | undefined {
  const current = getProfile();
  return current ? setProfile({ ...current, ...patch }) : undefined;
}

export function getMenus(): PermissionEntry[] {
  const value = readJson(MENUS_KEY);
  return Array.isArray(value) ? (value as PermissionEntry[]) : [];
}

export function setMenus(menus: PermissionEntry[]): void {
  writeItem('localStorage', MENUS_KEY, JSON.stringify(menus));
}

export function clearProfile(): void {
  removeItem('localStorage', PROFILE_KEY);
  removeItem('localStorage', MENUS_KEY);
}
