import { getProfile, type Profile } from '@/runtime/session';
import type { Permission } from './schema-types';

/**
 * What the signed-in user holds: powerControl codes (buttons, SPEC 6) and the uris of the pages in
 * his permission list. Schema permissions name either. Hiding is a courtesy: the server checks the
 * same codes on every call (E0401).
 */
export function heldPermissions(profile: Profile | undefined = getProfile()): ReadonlySet<string> {
  const held = new Set<string>();
  for (const p of profile?.powerControl ?? []) if (p?.code) held.add(p.code);
  for (const p of profile?.permissions ?? []) if (p?.uri) held.add(p.uri);
  return held;
}

/** A list of codes means any one of them; no code means no restriction. */
export function holds(held: ReadonlySet<string>, need: Permission | readonly string[] | undefined): boolean {
  if (need === undefined) return true;
  const codes = typeof need === 'string' ? [need] : need;
  return codes.length === 0 || codes.some((c) => held.has(c));
}
