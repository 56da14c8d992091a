/**
 * The two sub-applications (SPEC 1, 9): their route prefixes and public paths. Pure data and helpers,
 * imported by the host, the sub-apps and the build plugin (scripts/vite-subapp-config.ts), hence
 * relative imports only in this folder's pure files.
 */
export const SUB_APP_NAMES = ['admin', 'dacang'] as const;
export type SubAppName = (typeof SUB_APP_NAMES)[number];

export const SUB_APP_PREFIX: Record<SubAppName, string> = { admin: '/admin', dacang: '/dacang' };

/** Where each app's bundle, config.json and map.json are served (SPEC 9). */
export const SUB_APP_PUBLIC_PATH: Record<SubAppName, string> = {
  admin: '/subapps/admin/',
  dacang: '/subapps/dacang/',
};

/** The page /home leads to (SPEC 2.1: the admin app's home) and the fixed first tab. */
export const HOME_PATH = '/admin/home';

/** Strips a query or hash and a trailing slash (but keeps '/'). */
export function pathOnly(path: string): string {
  const cut = path.search(/[?#]/);
  const bare = cut >= 0 ? path.slice(0, cut) : path;
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
}

/** The sub-app whose prefix starts the path, matched case-insensitively like the host's routes. */
export function appOfPath(path: string): SubAppName | undefined {
  const lower = pathOnly(path).toLowerCase();
  return SUB_APP_NAMES.find((name) => {
    const prefix = SUB_APP_PREFIX[name];
    return lower === prefix || lower.startsWith(`${prefix}/`);
  });
}

/** True for the bare prefix of an app: '/admin', '/dacang/'. */
export function isAppRoot(path: string): boolean {
  const bare = pathOnly(path).toLowerCase();
  return SUB_APP_NAMES.some((name) => bare === SUB_APP_PREFIX[name]);
}
