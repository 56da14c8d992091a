import type { AppMenuDef, MenuNode } from '../generated/schema-files';
import type { SchemaFile } from './files';

/**
 * The permission menu as data (schemas/menu/<app>.json plus the entries pages declare): pure, shared
 * by the server's seed, the lint and the Vite build (which maps pages to sub-apps).
 */
export type { AppMenuDef, MenuNode };

export interface FlatPermission {
  id: number;
  parentId: number | null;
  name: string;
  uri: string | null;
  app: string;
  menuClass: number;
  code: string | null;
  sort: number;
}

const APP_ORDER = ['admin', 'dacang'] as const;

/** The base menus of the menu files, admin first (ids depend on this order). */
export function menusOf(files: readonly SchemaFile[]): AppMenuDef[] {
  return files
    .filter((f) => f.kind === 'menu')
    .map((f) => f.data as unknown as AppMenuDef)
    .sort((a, b) => APP_ORDER.indexOf(a.name) - APP_ORDER.indexOf(b.name));
}

/** Flattens the menu trees; ids are 1000·(app index + 1) + position in tree order, stable across runs. */
export function flattenMenus(menus: readonly AppMenuDef[]): FlatPermission[] {
  const rows: FlatPermission[] = [];
  for (const menu of menus) {
    let next = 1000 * (APP_ORDER.indexOf(menu.name) + 1) + 1;
    const walk = (nodes: MenuNode[], parentId: number | null) => {
      nodes.forEach((node, sort) => {
        const id = next++;
        // A node with a code: button; with a uri: page; else a group.
        const menuClass = node.code ? 3 : node.uri ? 2 : 1;
        rows.push({
          id,
          parentId,
          name: node.name,
          uri: node.uri ?? null,
          app: menu.name,
          menuClass,
          code: node.code ?? null,
          sort,
        });
        if (node.children) walk(node.children, id);
      });
    };
    walk(menu.tree, null);
  }
  return rows;
}

/** The menu placement a page schema declares for itself (schemas/pages/<app>/*.json `menu.group`). */
export interface PageMenu {
  app: 'admin' | 'dacang';
  /** Level-1 and level-2 group names. */
  group: [string, string];
  name: string;
  uri: string;
  buttons: { name: string; code: string }[];
  /** schemas/… path of the page file, for messages. */
  file: string;
}

interface PageMenuData {
  title: string;
  app: 'admin' | 'dacang';
  menu: { uri: string; group?: [string, string]; name?: string; buttons?: PageMenu['buttons'] };
}

/**
 * Pages that declare their own menu entry. Only meta-valid files are passed in: the server must not
 * invent menu entries from a broken file (the lint reports it).
 */
export function declaredPageMenus(files: readonly SchemaFile[]): PageMenu[] {
  return files
    .filter((f) => f.kind === 'page')
    .flatMap((f) => {
      const page = f.data as unknown as PageMenuData;
      const { group } = page.menu;
      if (!group) return [];
      return [
        {
          app: page.app,
          group,
          name: page.menu.name ?? page.title,
          uri: page.menu.uri,
          buttons: page.menu.buttons ?? [],
          file: `schemas/${f.file}`,
        },
      ];
    });
}
