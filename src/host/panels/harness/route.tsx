import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '@/runtime/chunk/lazy-page';

const PanelsHarnessPage = lazyPage(() => import('./PanelsHarnessPage'));

/** The QA harness route of the layout's panels (PanelsHarnessPage); a lazy chunk like every host page. */
export const panelsHarnessRoute: RouteObject = { path: '/__panels', element: <PanelsHarnessPage /> };
