import type { SubAppProps } from '@/runtime/subapp/types';

/** The admin sub-app's root. Its routes come from schemas/pages/admin (issue 5) and the shell (issue 4). */
export function AdminApp({ path }: SubAppProps) {
  return <div data-subapp="admin">{path}</div>;
}
