import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/runtime/chunk/lazy-page';

const SchemaHarnessPage = lazyPage(() => import('./SchemaHarnessPage'));

/** The QA harness route of the host (see SchemaHarnessPage); a lazy chunk like every host page. */
export const schemaHarnessRoute: RouteObject = {
  path: '/__schema/:app/:name',
  element: <SchemaHarnessPage />,
};
