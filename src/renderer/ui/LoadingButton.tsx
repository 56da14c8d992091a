import { Button, type ButtonProps } from 'antd';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/runtime/request';

export interface LoadingButtonProps extends Omit<ButtonProps, 'onClick'> {
  /** A returned promise makes the button load until it settles; clicks meanwhile are ignored. */
  onClick?: (e: MouseEvent<HTMLElement>) => unknown;
}

/**
 * SPEC 5: a button that shows loading ignores clicks while loading, so a double click never submits
 * twice. The guard is a ref, not the loading state: two clicks in one frame arrive before React
 * re-renders the button as loading. Failed calls were already shown by the request layer.
 */
export function LoadingButton({ onClick, loading, ...rest }: LoadingButtonProps) {
  const busy = useRef(false);
  const live = useRef(true);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const handle = (e: MouseEvent<HTMLElement>) => {
    if (busy.current || loading === true) return;
    const result = onClick?.(e);
    if (!result || typeof (result as Promise<unknown>).then !== 'function') return;
    busy.current = true;
    setPending(true);
    (result as Promise<unknown>)
      .catch((err: unknown) => {
        if (!(err instanceof ApiError)) console.error(err);
      })
      .finally(() => {
        busy.current = false;
        if (live.current) setPending(false);
      });
  };
  return <Button {...rest} loading={loading || pending} onClick={handle} />;
}
