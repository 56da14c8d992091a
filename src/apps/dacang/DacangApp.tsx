import type { SubAppProps } from '@/runtime/subapp/types';

/** The dacang sub-app's root. Its routes come from schemas/pages/dacang (issue 5) and the shell (issue 4). */
export function DacangApp({ path }: SubAppProps) {
  return <div data-subapp="dacang">{path}</div>;
}
