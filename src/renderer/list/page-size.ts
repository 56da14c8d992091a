/**
 * SPEC 5: changing the page size does not reload when the current page would lie beyond the total.
 * The page is clamped to the last page that exists for the new size and loaded once: no request is
 * ever made for a page past the end (and no second request corrects it). Pinned by
 * tests/unit/renderer/list-state.test.ts.
 */
export function pageAfterSizeChange(pageNo: number, pageSize: number, total: number): number {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return Math.min(Math.max(1, pageNo), last);
}

export { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZES } from '@/schema/page-sizes';
