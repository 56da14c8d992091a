import { useEffect, useRef } from 'react';

/**
 * When a printed document is ready for paper: its data rendered, every barcode drawn and the fonts
 * loaded (a sheet printed before its CJK font arrives prints boxes). The document root then carries
 * data-print-ready="true" (the e2e tests and bench/print-ready.ts wait for it); a page that prints by
 * itself (the transfer requisition, SPEC 2.14) calls window.print() once at that moment.
 */
export const READY_ATTR = 'data-print-ready';

/** Two frames: the layout of a long table settles before the print dialog paginates it. */
const nextPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

export function usePrintReady(
  root: React.RefObject<HTMLElement | null>,
  rendered: boolean,
  options: { autoPrint?: boolean } = {},
): void {
  const printed = useRef(false);
  const { autoPrint = false } = options;
  useEffect(() => {
    if (!rendered) {
      root.current?.removeAttribute(READY_ATTR);
      return;
    }
    let cancelled = false;
    // Children's layout effects (the barcodes) have run before this effect of their parent.
    void (async () => {
      await document.fonts.ready;
      await nextPaint();
      const el = root.current;
      if (cancelled || !el) return;
      const pending = el.querySelectorAll('svg[data-barcode]:not([data-barcode-ready])').length;
      if (pending > 0) return;
      el.setAttribute(READY_ATTR, 'true');
      if (autoPrint && !printed.current) {
        printed.current = true;
        window.print();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [root, rendered, autoPrint]);
}
