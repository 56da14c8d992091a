/** SPEC 9 / DESIGN.md 3: the page sizes of shared lists; the default when a page names none. */
export const DEFAULT_PAGE_SIZES = [20, 50, 100, 200, 500] as const;
export const DEFAULT_PAGE_SIZE = 20;
