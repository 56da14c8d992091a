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

/** SPEC 9 / DESIGN.md 3: the page sizes of shared lists; the default when a page names none. */
export const DEFAULT_PAGE_SIZES = [20, 50, 100, 200, 500] as const;
export const DEFAULT_PAGE_SIZE = 20;
