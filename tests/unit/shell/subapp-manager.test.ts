import { describe, expect, it } from 'vitest';
import type { SubAppName } from '@/runtime/subapp/apps';
import { createSubAppManager } from '@/runtime/subapp/manager';
import type { SubAppLifecycle } from '@/runtime/subapp/types';

/** A sub-app that records what happens to it; its mount can be made slow or failing. */
function fakeApp(name: string, log: string[], options: { failMount?: boolean; mountDelay?: number } = {}) {
  let mounted = false;
  const lifecycle: SubAppLifecycle = {
    bootstrap: async () => undefined,
    async mount() {
      log.push(`mount ${name} start`);
      if (options.mountDelay) await new Promise((r) => setTimeout(r, options.mountDelay));
      if (options.failMount) throw new Error(`${name} broke`);
      mounted = true;
      log.push(`mount ${name}`);
    },
    async unmount() {
      mounted = false;
      log.push(`unmount ${name}`);
    },
  };
  return { lifecycle, isMounted: () => mounted };
}

function setup(apps: Record<SubAppName, ReturnType<typeof fakeApp>>) {
  const errors: string[] = [];
  const container = { replaceChildren: () => undefined } as unknown as HTMLElement;
  const manager = createSubAppManager({
    lifecycle: async (app) => apps[app].lifecycle,
    container: () => container,
    props: (app) => ({ name: app, basename: `/${app}` }),
    onError: (app, error) => errors.push(`${app}: ${(error as Error).message}`),
  });
  return { manager, errors };
}

// SPEC 4: one sub-app at a time; the old one is unmounted before the new one mounts.
describe('the sub-app manager', () => {
  it('unmounts the old app before mounting the new one, one at a time', async () => {
    const log: string[] = [];
    const apps = { admin: fakeApp('admin', log), dacang: fakeApp('dacang', log) };
    const { manager } = setup(apps);
    await manager.show('admin');
    await manager.show('admin');
    await manager.show('dacang');
    expect(log).toEqual([
      'mount admin start',
      'mount admin',
      'unmount admin',
      'mount dacang start',
      'mount dacang',
    ]);
    expect(manager.active()).toBe('dacang');
    expect(apps.admin.isMounted()).toBe(false);
  });

  it('a request overtaken by a newer one is skipped; never two apps mounted', async () => {
    const log: string[] = [];
    const apps = { admin: fakeApp('admin', log, { mountDelay: 20 }), dacang: fakeApp('dacang', log) };
    const { manager } = setup(apps);
    const first = manager.show('admin');
    const second = manager.show('dacang');
    const third = manager.show('admin');
    await Promise.all([first, second, third]);
    expect(manager.active()).toBe('admin');
    expect(apps.dacang.isMounted()).toBe(false);
    expect(log.filter((l) => l.startsWith('mount dacang'))).toEqual([]);
  });

  it('a failed mount leaves no active app; the next request tries again', async () => {
    const log: string[] = [];
    const broken = fakeApp('dacang', log, { failMount: true });
    const apps = { admin: fakeApp('admin', log), dacang: broken };
    const { manager, errors } = setup(apps);
    await manager.show('admin');
    await manager.show('dacang');
    expect(manager.active()).toBeNull();
    expect(errors).toEqual(['dacang: dacang broke']);
    expect(apps.admin.isMounted()).toBe(false);
    await manager.show('admin');
    expect(manager.active()).toBe('admin');
  });

  it('show(null) unmounts the active app (leaving the layout)', async () => {
    const log: string[] = [];
    const apps = { admin: fakeApp('admin', log), dacang: fakeApp('dacang', log) };
    const { manager } = setup(apps);
    await manager.show('admin');
    await manager.show(null);
    expect(manager.active()).toBeNull();
    expect(log.at(-1)).toBe('unmount admin');
  });
});
