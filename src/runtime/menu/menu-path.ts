import { appOfPath, SUB_APP_PREFIX } from '../subapp/apps';
import { isDacangPath } from '../subapp/dacang-paths';

/** What a menu entry needs for its target: its uri and the app it belongs to (SPEC 2.11). */
export interface MenuTarget {
  uri?: string | null;
  app?: string | null;
}

const EXTERNAL = /^https?:\/\//i;

export function isExternalUri(uri: string): boolean {
  return EXTERNAL.test(uri);
}

/**
 * The path a menu entry opens (SPEC 2.11): uris already under /admin or /dacang keep it; items of the
 * dacang app, or whose uri matches the built-in dacang list, open under /dacang; all others under /admin.
 * External links are returned as they are; entries without a uri (groups) have no path.
 */
export function menuPath(entry: MenuTarget): string | undefined {
  const raw = entry.uri?.trim();
  if (!raw) return undefined;
  if (isExternalUri(raw)) return raw;
  const uri = raw.startsWith('/') ? raw : `/${raw}`;
  if (appOfPath(uri)) return uri;
  const app = entry.app === 'dacang' || isDacangPath(uri) ? 'dacang' : 'admin';
  return `${SUB_APP_PREFIX[app]}${uri}`;
}
