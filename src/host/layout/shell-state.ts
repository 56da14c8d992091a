import { browserLoaderEdges } from '@/runtime/subapp/browser-edges';
import { createSubAppLoader } from '@/runtime/subapp/loader';
import { createTabStateStore } from '@/runtime/tabs';

/**
 * The shell's long-lived objects, one per page load: the kept page state of every tab (shared with
 * the sub-apps through their mount props) and the sub-app loader (config, map and entry, each fetched
 * once). Creating them does nothing else.
 */
export const tabStateStore = createTabStateStore();
export const subAppLoader = createSubAppLoader(browserLoaderEdges);
