import type { ActionDef, PageDef } from '../../../src/generated/schema-files';
import { importKey, type ResolvedImport, resolveImport } from '../../../src/schema/imports';
import { readSchemaFiles } from '../../../src/schema/node/files';
import type { Catalog, ResourceDef } from '../../../src/schema/types';

/** A page's import action, as the import job runs it. */
export interface ImportTarget extends ResolvedImport {
  /** '<app>/<page name>', with ':<import name>' for a named import (one page, several layouts). */
  key: string;
  title: string;
  resource: ResourceDef;
  /** The create endpoint's codes: any one of them lets a user import. */
  permission: string[];
}

const byCatalog = new WeakMap<Catalog, Map<string, ImportTarget>>();

/** Every list page of schemas/pages with an import action in its toolbar (the lint checked them). */
export function loadImportTargets(catalog: Catalog): Map<string, ImportTarget> {
  // A catalog is loaded once per set of files (loadCatalog): so are its pages' imports.
  const known = byCatalog.get(catalog);
  if (known) return known;
  const targets = new Map<string, ImportTarget>();
  for (const f of readSchemaFiles(catalog.dir).files) {
    if (f.kind !== 'page') continue;
    const page = f.data as unknown as PageDef;
    const r = page.resource ? catalog.resources.get(page.resource) : undefined;
    const create = r?.endpoints.create;
    if (!r || !create) continue;
    for (const action of (page.toolbar ?? []).filter((a: ActionDef) => a.type === 'import')) {
      if (!action.import) continue;
      const key = importKey(page.app, page.name, action.import.name);
      targets.set(key, {
        ...resolveImport(r, action.import),
        key,
        title: action.title ?? page.title,
        resource: r,
        permission: Array.isArray(create.permission) ? create.permission : [create.permission],
      });
    }
  }
  byCatalog.set(catalog, targets);
  return targets;
}
