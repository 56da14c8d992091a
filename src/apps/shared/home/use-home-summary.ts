import { useRequest } from 'ahooks';
import { useMemo } from 'react';
import { catalogue, useLanguage, useTranslation } from '@/i18n';
import { localise } from '@/schema/i18n';
import { fetchHomeSummary } from './home-api';

/** The home pages' texts of the catalogue in the user's language (for items.ts's pure helpers). */
export function useHomeTexts() {
  // The language whose catalogue is loaded (useTranslation re-renders when it changes).
  const { i18n } = useTranslation();
  return catalogue(i18n.language).home;
}

/**
 * The summary of one home file (schemas/home/<home>.json), loaded when the page opens; `refresh`
 * reloads it. Errors were shown by the request layer. Its titles are in the user's language: the
 * summary carries the home file's and the aggregates' English as a schema file does (`i18n`), shown
 * by the same `localise` (issue 20.5).
 */
export function useHomeSummary(home: string) {
  const language = useLanguage();
  const { data, loading, error, refresh } = useRequest(() => fetchHomeSummary(home), {
    refreshDeps: [home],
  });
  const summary = useMemo(() => data && localise(data, language), [data, language]);
  return { summary, loading, failed: !!error, refresh };
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
