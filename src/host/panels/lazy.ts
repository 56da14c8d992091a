import { lazy } from 'react';

/**
 * The layout's panels (issue 6), each in its own chunk, keyed by the shell's panel names
 * (src/host/layout/panels.tsx PanelName): the shell puts them into its PANELS registry. A module of
 * its own, so the shell and the admin routes take these without the index's export button and
 * contracts (issue 21.6).
 */
export const panelComponents = {
  messages: lazy(() => import('./messages/MessagePanel')),
  printerV1: lazy(() => import('./printers/PrinterV1Dialog')),
  printerV2: lazy(() => import('./printers/PrinterV2Dialog')),
  downloadCenter: lazy(() => import('./download/DownloadCenterDialog')),
};

/** The export centre page (/admin/importExport/exportCenterList), lazy like every page. */
export const ExportCenterPage = lazy(() => import('./exports/ExportCenterPage'));
