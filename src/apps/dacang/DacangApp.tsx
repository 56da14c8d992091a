import { SubAppRoot } from '@/runtime/subapp/SubAppRoot';
import type { SubAppProps } from '@/runtime/subapp/types';
import { dacangRoutes } from './routes';

/** The dacang sub-app's root. List pages from schemas/pages/dacang join its routes in issue 5. */
export function DacangApp(props: SubAppProps) {
  return <SubAppRoot props={props} routes={dacangRoutes} />;
}
