import type { SubAppName } from './apps';
import type { SubAppLifecycle, SubAppProps } from './types';

export interface ManagerOptions {
  lifecycle(app: SubAppName): Promise<SubAppLifecycle>;
  container(): HTMLElement | null;
  props(app: SubAppName): SubAppProps;
  onMounted?(app: SubAppName): void;
  onUnmounted?(app: SubAppName): void;
  onError(app: SubAppName, error: unknown): void;
}

export interface SubAppManager {
  /** Shows `app` (null: none). The active app is unmounted first; later requests supersede pending ones. */
  show(app: SubAppName | null): Promise<void>;
  active(): SubAppName | null;
}

/**
 * One sub-app at a time (SPEC 4): requests are handled strictly in order, the old app is unmounted
 * before the new one is mounted, a request overtaken by a newer one is skipped, and a failed mount
 * leaves no active app (the next navigation tries again). Tests: tests/unit/shell/subapp-manager.test.ts.
 */
export function createSubAppManager(options: ManagerOptions): SubAppManager {
  let active: { name: SubAppName; lifecycle: SubAppLifecycle } | null = null;
  let wanted: SubAppName | null = null;
  let queue: Promise<void> = Promise.resolve();

  const clearContainer = () => options.container()?.replaceChildren();

  async function unmountActive() {
    if (!active) return;
    const { name, lifecycle } = active;
    active = null;
    try {
      await lifecycle.unmount();
    } catch (error) {
      // The app is gone either way; what it left behind is cleared below.
      console.error(`unmount of ${name} failed`, error);
    }
    clearContainer();
    options.onUnmounted?.(name);
  }

  async function step(target: SubAppName | null) {
    if (wanted !== target) return;
    if (active?.name === target) return;
    await unmountActive();
    if (!target) return;
    try {
      const lifecycle = await options.lifecycle(target);
      const container = options.container();
      if (wanted !== target || !container) return;
      await lifecycle.mount(container, options.props(target));
      active = { name: target, lifecycle };
      options.onMounted?.(target);
    } catch (error) {
      active = null;
      clearContainer();
      options.onError(target, error);
    }
  }

  return {
    show(app) {
      wanted = app;
      queue = queue.then(() => step(app));
      return queue;
    },
    active: () => active?.name ?? null,
  };
}
