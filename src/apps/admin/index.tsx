import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import type { SubAppProps } from '@/runtime/subapp/types';
import { AdminApp } from './AdminApp';

/**
 * Lifecycle of the admin sub-app (SPEC 4, sub-application switching): the host calls bootstrap once,
 * then mount/unmount as navigation moves between sub-apps. Only one sub-app is mounted at a time.
 */
let root: Root | undefined;

export async function bootstrap(): Promise<void> {}

export async function mount(container: HTMLElement, props: SubAppProps): Promise<void> {
  root = createRoot(container);
  root.render(<AdminApp {...props} />);
}

export async function unmount(): Promise<void> {
  root?.unmount();
  root = undefined;
}
