import { createLifecycle } from '@/runtime/subapp/lifecycle';
import { DacangApp } from './DacangApp';

/**
 * Lifecycle of the dacang sub-app (SPEC 4, sub-application switching): the host calls bootstrap once,
 * then mount/unmount as navigation moves between sub-apps. Only one sub-app is mounted at a time.
 */
const lifecycle = createLifecycle((props) => <DacangApp {...props} />);

export const { bootstrap, mount, unmount } = lifecycle;
