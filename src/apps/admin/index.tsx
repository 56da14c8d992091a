import { createLifecycle } from '@/runtime/subapp/lifecycle';
import { AdminApp } from './AdminApp';

/**
 * Lifecycle of the admin sub-app (SPEC 4, sub-application switching): the host calls bootstrap once,
 * then mount/unmount as navigation moves between sub-apps. Only one sub-app is mounted at a time.
 */
const lifecycle = createLifecycle((props) => <AdminApp {...props} />);

export const { bootstrap, mount, unmount } = lifecycle;
