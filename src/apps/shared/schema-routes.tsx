import type { RouteObject } from 'react-router-dom';
import { schemaPages } from '@/renderer/pages';
import type { AppName } from '@/renderer/schema-types';
import { lazyPage } from './lazy';

/**
 * The list pages of schemas/pages/<app> as routes of the sub-app: a new page file is a new route.
 * Each page is its own chunk, loaded when first opened.
 */
export function schemaRoutes(app: AppName): RouteObject[] {
  return schemaPages(app).map((entry) => {
    const Page = lazyPage(() => entry.load().then((Component) => ({ default: Component })));
    return { path: entry.path, element: <Page /> };
  });
}
