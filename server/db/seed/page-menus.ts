import type { PageMenu } from '../../../src/schema/menu';
import type { Database } from '../index';

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
