import { SubAppRoot } from '@/runtime/subapp/SubAppRoot';
import type { SubAppProps } from '@/runtime/subapp/types';
import { adminRoutes } from './routes';

/** The admin sub-app's root. List pages from schemas/pages/admin join its routes in issue 5. */
export function AdminApp(props: SubAppProps) {
  return <SubAppRoot props={props} routes={adminRoutes} />;
}
