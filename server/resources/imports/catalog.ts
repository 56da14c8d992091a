import type { ActionDef, PageDef } from '../../../src/generated/schema-files';
import { type ResolvedImport, resolveImport } from '../../../src/schema/imports';
import { readSchemaFiles } from '../../../src/schema/node/files';
import type { Catalog, ResourceDef } from '../../../src/schema/types';

/** A page's import action, as the import job runs it. */
export interface ImportTarget extends ResolvedImport {
  /** '<app>/<page name>'. */
  key: string;
  title: string;
  resource: ResourceDef;
  /** The create endpoint's codes: any one of them lets a user import. */
  permission: string[];
}

/** Every list page of schemas/pages with an import action in its toolbar (the lint checked them). */
export function loadImportTargets(catalog: Catalog): Map<string, ImportTarget> {
  const targets = new Map<string, ImportTarget>();
  for (const f of readSchemaFiles(catalog.dir).files) {
    if (f.kind !== 'page') continue;
    const page = f.data as unknown as PageDef;
    const r = page.resource ? catalog.resources.get(page.resource) : undefined;
    const action = (page.toolbar ?? []).find((a: ActionDef) => a.type === 'import');
    const create = r?.endpoints.create;
    if (!r || !create || !action?.import) continue;
    const key = `${page.app}/${page.name}`;
    targets.set(key, {
      ...resolveImport(r, action.import),
      key,
      title: action.title ?? page.title,
      resource: r,
      permission: Array.isArray(create.permission) ? create.permission : [create.permission],
    });
  }
  return targets;
}
