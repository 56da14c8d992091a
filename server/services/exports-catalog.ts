import type { ValidateFunction } from 'ajv';
import { createAjv, lazyValidator } from '../resources/ajv';
import { defaultSchemasDir, readSchemaFiles } from '../../src/schema/node/files';
import { loadCatalog } from '../../src/schema/node/load';
import { listQuerySchema } from '../../src/schema/request-schemas';
import type { Catalog, ResourceDef } from '../../src/schema/types';
import type { ExportColumn } from './exports-xlsx';

/**
 * What can be exported: every list page of schemas/pages backed by a resource, with its columns as the
 * page shows them, and the resource's list filters validated exactly as its list endpoint does.
 */
interface PageFile {
  name: string;
  title: string;
  app: string;
  resource?: string;
  toolbar?: { type: string; permission?: string | string[] }[];
  columns: {
    field: string;
    title?: string;
    valueType: string;
    format?: string;
    enum?: string;
    hidden?: boolean;
  }[];
}

export interface ExportTarget {
  /** '<app>/<page name>', e.g. admin/priceList. */
  key: string;
  title: string;
  resource: ResourceDef;
  columns: ExportColumn[];
  /** Any one of these lets a user list, so export, the rows. */
  permission: string[];
  /**
   * The page's export action's own permission (toolbar `{ "type": "export", "permission": … }`): then
   * one of these is needed too, and each export is written to the operation log (a gift-card batch).
   */
  exportPermission?: string[];
  validate: ValidateFunction;
}

export interface ExportCatalog {
  catalog: Catalog;
  targets: Map<string, ExportTarget>;
}

export function loadExportCatalog(dir = defaultSchemasDir()): ExportCatalog {
  const catalog = loadCatalog(dir);
  // Filters come as JSON from the list page; numbers typed as text are taken as the list endpoint would.
  const ajv = createAjv(catalog.validators, true);
  const targets = new Map<string, ExportTarget>();
  for (const f of readSchemaFiles(dir).files) {
    if (f.kind !== 'page') continue;
    const page = f.data as unknown as PageFile;
    const r = page.resource ? catalog.resources.get(page.resource) : undefined;
    const list = r?.endpoints.list;
    // An external list is a hand-written query (e.g. notices of one type): the engine cannot repeat it.
    if (!r || !list || list.external) continue;
    const columns = page.columns.map((c) => {
      const field = r.fields[c.field];
      const enumName = c.enum ?? field?.['x-enum'];
      return {
        field: c.field,
        title: c.title ?? field?.title ?? c.field,
        valueType: c.valueType === 'link' ? 'text' : c.valueType,
        ...(c.format ? { format: c.format as ExportColumn['format'] } : {}),
        ...(enumName ? { enumDef: catalog.enums.get(enumName) } : {}),
        hidden: c.hidden === true,
      };
    });
    const own = page.toolbar?.find((a) => a.type === 'export')?.permission;
    targets.set(`${page.app}/${page.name}`, {
      ...(own ? { exportPermission: Array.isArray(own) ? own : [own] } : {}),
      key: `${page.app}/${page.name}`,
      title: page.title,
      resource: r,
      columns,
      permission: Array.isArray(list.permission) ? list.permission : [list.permission],
      validate: lazyValidator(() => ajv.compile(listQuerySchema(catalog, r, false))),
    });
  }
  return { catalog, targets };
}

/**
 * The export catalog, read on first use (an export queued, or a queued one resumed by the worker):
 * building it (the page files, a validator set) was an eighth of a warm start, for a feature most
 * starts never touch before their first request (issue 21.5).
 */
export function lazyExportCatalog(dir?: string): ExportCatalog {
  let loaded: ExportCatalog | undefined;
  const get = () => (loaded ??= loadExportCatalog(dir));
  return {
    get catalog() {
      return get().catalog;
    },
    get targets() {
      return get().targets;
    },
  };
}
