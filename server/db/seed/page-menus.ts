import { defaultSchemasDir, readSchemaFiles } from '../../resources/files';
import type { Database } from '../index';
import type { AppMenu, MenuNode } from './menu';

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
 * Pages that declare their own menu entry. Files that break the page meta-schema are skipped here:
 * the schema lint reports them, and the server must not invent menu entries from a broken file.
 */
export function declaredPageMenus(schemasDir = defaultSchemasDir()): PageMenu[] {
  return readSchemaFiles(schemasDir)
    .files.filter((f) => f.kind === 'page')
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

/** The base tree of server/db/seed/menu.ts with the declared pages placed in their groups. */
export function mergeMenus(base: readonly AppMenu[], declared: readonly PageMenu[]): AppMenu[] {
  const copy = (nodes: MenuNode[]): MenuNode[] =>
    nodes.map((n) => ({ ...n, ...(n.children ? { children: copy(n.children) } : {}) }));
  const menus = base.map((m) => ({ app: m.app, tree: copy(m.tree) }));
  for (const page of declared) {
    const menu = menus.find((m) => m.app === page.app);
    if (!menu) continue;
    let level = menu.tree;
    for (const name of page.group) {
      let group = level.find((n) => !n.uri && !n.code && n.name === name);
      if (!group) level.push((group = { name, children: [] }));
      level = group.children ??= [];
    }
    level.push({
      name: page.name,
      uri: page.uri,
      children: page.buttons.map((b) => ({ name: b.name, code: b.code })),
    });
  }
  return menus;
}

/** Ids of the seed are 1000·(app index + 1) + n; a declared entry takes the next free id of its app. */
const APP_BASE: Record<string, number> = { admin: 1000, dacang: 2000 };

/**
 * Adds the menu entries that page schemas declare (groups, page, buttons) to the permission table.
 * Runs at every start, after the base menu: idempotent, keyed by uri, code and group path rather
 * than by id, so adding a page later never renumbers what roles already hold. Entries are never
 * deleted here: a role may still refer to them, and removing a page is a deliberate migration.
 */
export async function syncPageMenus(db: Database, declared: readonly PageMenu[]): Promise<number> {
  if (!declared.length) return 0;
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('permission')
      .select(['id', 'parentId', 'name', 'uri', 'code', 'app', 'menuClass', 'sort'])
      .execute();
    let added = 0;
    const nextId = (app: string) =>
      Math.max(APP_BASE[app]!, ...rows.filter((r) => r.app === app).map((r) => r.id)) + 1;
    const nextSort = (app: string, parentId: number | null) =>
      Math.max(-1, ...rows.filter((r) => r.app === app && r.parentId === parentId).map((r) => r.sort)) + 1;
    const ensure = async (
      app: string,
      parentId: number | null,
      entry: { name: string; uri?: string; code?: string },
    ): Promise<number> => {
      const found = rows.find((r) =>
        entry.code
          ? r.code === entry.code
          : entry.uri
            ? r.uri === entry.uri && r.app === app
            : r.app === app && r.parentId === parentId && r.menuClass === 1 && r.name === entry.name,
      );
      if (found) return found.id;
      const row = {
        id: nextId(app),
        parentId,
        name: entry.name,
        uri: entry.uri ?? null,
        app,
        menuClass: entry.code ? 3 : entry.uri ? 2 : 1,
        code: entry.code ?? null,
        sort: nextSort(app, parentId),
      };
      await trx.insertInto('permission').values(row).execute();
      rows.push(row);
      added++;
      return row.id;
    };
    for (const page of declared) {
      let parentId: number | null = null;
      for (const name of page.group) parentId = await ensure(page.app, parentId, { name });
      const pageId = await ensure(page.app, parentId, { name: page.name, uri: page.uri });
      for (const b of page.buttons) await ensure(page.app, pageId, b);
    }
    return added;
  });
}
