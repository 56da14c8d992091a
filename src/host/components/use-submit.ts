import { useCallback, useRef, useState } from 'react';

/**
 * Runs one submission at a time (SPEC 5: a button showing loading ignores clicks; Enter in a field does
 * not bypass that either). A failure has already been shown by the request layer; the form keeps what
 * the user typed.
 */
export function useSubmit<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const [loading, setLoading] = useState(false);
  const running = useRef(false);
  const submit = useCallback(
    async (...args: A) => {
      if (running.current) return;
      running.current = true;
      setLoading(true);
      try {
        await action(...args);
      } catch {
        // Shown already (request layer or the action itself).
      } finally {
        running.current = false;
        setLoading(false);
      }
    },
    [action],
  );
  return { loading, submit };
}
