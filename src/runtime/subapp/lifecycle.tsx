import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type { SubAppLifecycle, SubAppProps } from './types';

/**
 * The lifecycle a sub-app entry exports (SPEC 4): bootstrap once, mount into the host's container,
 * unmount. Mounting renders synchronously, so when mount() resolves the app is on the page and the
 * host's one-at-a-time order holds in the DOM too.
 */
export function createLifecycle(render: (props: SubAppProps) => ReactNode): SubAppLifecycle {
  let root: Root | undefined;
  return {
    async bootstrap() {},
    async mount(container, props) {
      root?.unmount();
      const next = createRoot(container);
      root = next;
      flushSync(() => next.render(render(props)));
    },
    async unmount() {
      root?.unmount();
      root = undefined;
    },
  };
}
