import { declaredPageMenus, flattenMenus, menusOf, type PageMenu } from '../../src/schema/menu';
import {
  displayPath,
  readSchemaFiles,
  type SchemaFile,
  type SchemaProblem,
} from '../../src/schema/node/files';
import { catalogFrom } from '../../src/schema/catalog';
import type { Catalog } from '../../src/schema/types';

/** Everything a check needs: the parsed files, the catalog and the permission seed. */
export interface LintContext {
  dir: string;
  files: SchemaFile[];
  catalog: Catalog;
  pages: Map<string, SchemaFile>;
  forms: Map<string, SchemaFile>;
  /** schemas/prints: documents printed by the generic print page. */
  prints: Map<string, SchemaFile>;
  /**
   * Button codes and page uris of the permission menu (schemas/menu plus the entries page
   * schemas declare), with the app of each page uri; `seedPages`/`seedCodes` hold those of schemas/menu alone.
   */
  permissions: {
    codes: Set<string>;
    pages: Map<string, string>;
    seedPages: Set<string>;
    seedCodes: Set<string>;
  };
  declared: PageMenu[];
  problems: SchemaProblem[];
  add(file: string, path: string, message: string): void;
}

export function lintContext(dir: string): LintContext {
  const { files, problems } = readSchemaFiles(dir);
  const catalog = catalogFrom(dir, files);
  const byName = (kind: SchemaFile['kind']) =>
    new Map(files.filter((f) => f.kind === kind).map((f) => [String(f.data.name), f]));
  const codes = new Set<string>();
  const pages = new Map<string, string>();
  for (const p of flattenMenus(menusOf(files))) {
    if (p.code) codes.add(p.code);
    if (p.uri) pages.set(p.uri, p.app);
  }
  const seedPages = new Set(pages.keys());
  const seedCodes = new Set(codes);
  const declared = declaredPageMenus(files);
  for (const d of declared) {
    if (!seedPages.has(d.uri)) pages.set(d.uri, d.app);
    for (const b of d.buttons) codes.add(b.code);
  }
  return {
    dir,
    files,
    catalog,
    pages: byName('page'),
    forms: byName('form'),
    prints: byName('print'),
    permissions: { codes, pages, seedPages, seedCodes },
    declared,
    problems,
    add(file, path, message) {
      problems.push({ file: displayPath(dir, file), path, message });
    },
  };
}

/** A permission is a button code or a page uri of the seed (plugins/auth.ts accepts both). */
export function knownPermission(ctx: LintContext, p: string): boolean {
  return ctx.permissions.codes.has(p) || ctx.permissions.pages.has(p);
}
