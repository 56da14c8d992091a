import { useRequest } from 'ahooks';
import { fetchHomeSummary } from './home-api';

/** The summary, loaded when the page opens; `refresh` reloads it. Errors were shown by the request layer. */
export function useHomeSummary() {
  const { data, loading, error, refresh } = useRequest(fetchHomeSummary);
  return { summary: data, loading, failed: !!error, refresh };
}
