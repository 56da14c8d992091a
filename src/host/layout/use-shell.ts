import { createContext, useContext } from 'react';
import type { MenuEntry, MenuNode } from '@/runtime/menu';
import type { Profile } from '@/runtime/session';
import type { RouteMeta } from '@/runtime/subapp/route-map';

/** What the shell's parts share: the signed-in user, the menu, and title and meta lookups. */
export interface Shell {
  profile: Profile;
  permissions: MenuEntry[];
  tree: MenuNode[];
  /** SPEC 2.11 tab title of a path: permission entry, else route title, else '未命名'. */
  titleOf(path: string): string;
  routeMeta(path: string): RouteMeta | undefined;
}

export const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside the shell layout');
  return shell;
}
