import { useRequest } from 'ahooks';
import { fetchHomeSummary } from './home-api';

/**
 * The summary of one home file (schemas/home/<home>.json), loaded when the page opens; `refresh`
 * reloads it. Errors were shown by the request layer.
 */
export function useHomeSummary(home: string) {
  const { data, loading, error, refresh } = useRequest(() => fetchHomeSummary(home), {
    refreshDeps: [home],
  });
  return { summary: data, loading, failed: !!error, refresh };
}

/** The sum of the counts of a kind's sections (the welcome band's headline numbers). */
export function totalOf(
  summary: { sections: { kind: string; items: { count: number }[] }[] } | undefined,
  kind: string,
) {
  if (!summary) return undefined;
  return summary.sections
    .filter((s) => s.kind === kind)
    .reduce((sum, s) => sum + s.items.reduce((n, i) => n + i.count, 0), 0);
}
