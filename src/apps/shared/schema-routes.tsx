import type { RouteObject } from 'react-router-dom';
import { type PageFiles, pagesOf } from '@/renderer/page-entries';
import type { AppName } from '@/renderer/schema-types';
import { lazyPage } from '@/runtime/chunk/lazy-page';

/**
 * The list pages of schemas/pages/<app> as routes of the sub-app: a new page file is a new route.
 * Each page is its own chunk, loaded when first opened. The app hands in its own page files
 * (src/renderer/page-files-<app>.ts), so it bundles no other app's titles.
 */
export function schemaRoutes(app: AppName, files: PageFiles): RouteObject[] {
  return pagesOf(app, files).map((entry) => {
    const Page = lazyPage(() => entry.load().then((Component) => ({ default: Component })));
    return { path: entry.path, element: <Page /> };
  });
}
