import { type RefObject, useEffect, useState } from 'react';

/**
 * The table body's height: the window below the table's top, less what follows it (header row,
 * pagination, margins). A number, because antd's virtual table needs numeric scroll sizes.
 */
export function useFillHeight(
  ref: RefObject<HTMLElement | null>,
  reserve: number,
  min = 320,
  deps: unknown[] = [],
): number {
  const [height, setHeight] = useState(min);
  useEffect(() => {
    const measure = () => {
      const el = ref.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(min, Math.floor(window.innerHeight - top - reserve)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : undefined;
    // The list's root grows when the search form unfolds, which moves the table down.
    const root = ref.current?.closest('.fr-list');
    if (root) observer?.observe(root);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, reserve, min, ...deps]);
  return height;
}
