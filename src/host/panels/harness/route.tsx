import type { RouteObject } from 'react-router-dom';

/** The QA harness route of the layout's panels (PanelsHarnessPage); a lazy chunk like every host page. */
export const panelsHarnessRoute: RouteObject = {
  path: '/__panels',
  lazy: async () => ({ Component: (await import('./PanelsHarnessPage')).default }),
};
