import type { RouteObject } from 'react-router-dom';

/** The QA harness route of the host (see SchemaHarnessPage); a lazy chunk like every host page. */
export const schemaHarnessRoute: RouteObject = {
  path: '/__schema/:app/:name',
  lazy: async () => ({ Component: (await import('./SchemaHarnessPage')).default }),
};
