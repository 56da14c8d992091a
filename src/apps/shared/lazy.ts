import { type ComponentType, lazy } from 'react';
import { withChunkTimeout } from '@/runtime/chunk';

/** React.lazy with the chunk timeout (SPEC 9: 120 s); a failure reaches the host's chunk dialog. */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>) =>
  lazy(() => withChunkTimeout(load));
