import { type ComponentType, lazy } from 'react';
import { withChunkTimeout } from './index';

/**
 * A page as a lazy chunk: React.lazy with the chunk timeout (SPEC 9: 120 s). A failure is caught by the
 * page's ChunkErrorBoundary, which reports it to the host's chunk dialog (SPEC 8). Used by the host's
 * routes and the sub-apps' alike.
 */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>) =>
  lazy(() => withChunkTimeout(load));
