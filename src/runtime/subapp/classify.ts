import { appOfPath, isAppRoot, type SubAppName } from './apps';

/**
 * How a navigation affects the sub-apps (SPEC 4, sub-application switching):
 * - normal: the path belongs to the active app; its own router follows the location;
 * - shared: no sub-app routes it (host pages such as /redirect/… or /personalCenter); nothing is switched;
 * - other: it belongs to an app that is not mounted; the active one is unmounted, then that one mounted;
 * - root: the bare prefix of an app that is not active ('/dacang'); ignored (the host redirects it home).
 */
export type Navigation =
  | { kind: 'normal'; app: SubAppName }
  | { kind: 'shared' }
  | { kind: 'other'; app: SubAppName }
  | { kind: 'root'; app: SubAppName };

export function classifyNavigation(path: string, active: SubAppName | null): Navigation {
  const app = appOfPath(path);
  if (!app) return { kind: 'shared' };
  if (app === active) return { kind: 'normal', app };
  if (isAppRoot(path)) return { kind: 'root', app };
  return { kind: 'other', app };
}
