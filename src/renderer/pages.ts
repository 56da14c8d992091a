import { pagesOf, type SchemaPageEntry } from './page-entries';
import { adminPageFiles } from './page-files-admin';
import { dacangPageFiles } from './page-files-dacang';
import type { AppName } from './schema-types';

export type { SchemaPageEntry } from './page-entries';

/**
 * Both sub-apps' schema pages (the QA harness, tests). A sub-app takes only its own
 * (page-files-<app>.ts with pagesOf): the admin app's first screen carries no dacang titles.
 */
export function schemaPages(app: AppName): SchemaPageEntry[] {
  return pagesOf(app, app === 'admin' ? adminPageFiles : dacangPageFiles);
}

/** One page by file name (the QA harness route /__schema/:app/:name). */
export function schemaPage(app: string, name: string): SchemaPageEntry | undefined {
  if (app !== 'admin' && app !== 'dacang') return undefined;
  return schemaPages(app).find((p) => p.name === name);
}
