import { describe, expect, it } from 'vitest';
import {
  createSubAppLoader,
  type LoaderEdges,
  SUBAPP_CONFIG_MISSING,
  SubAppConfigError,
} from '@/runtime/subapp/loader';

/** The browser edges as plain data: files by URL, modules by URL. */
function edges(
  files: Record<string, unknown>,
  modules: Record<string, unknown>,
  log: string[] = [],
): LoaderEdges {
  return {
    fetchJson: async (url) => {
      log.push(`fetch ${url}`);
      return files[url];
    },
    importModule: async (url) => {
      log.push(`import ${url}`);
      if (!(url in modules)) throw new TypeError(`Failed to fetch dynamically imported module: ${url}`);
      return modules[url];
    },
    loadCss: async (url) => void log.push(`css ${url}`),
  };
}

const lifecycle = (log: string[]) => ({
  bootstrap: async () => void log.push('bootstrap'),
  mount: async () => undefined,
  unmount: async () => undefined,
});

// SPEC 4, 8: config and map fetched only when first needed; a missing config is 'config for app not found'.
describe('the sub-app loader', () => {
  it('reads config.json, loads the stylesheets, imports the entry and bootstraps once', async () => {
    const log: string[] = [];
    const loader = createSubAppLoader(
      edges(
        {
          '/subapps/admin/config.json': {
            app: 'admin',
            entry: '/subapps/admin/admin-1.js',
            css: ['/assets/a.css'],
          },
        },
        { '/subapps/admin/admin-1.js': lifecycle(log) },
        log,
      ),
    );
    await loader.lifecycle('admin');
    await loader.lifecycle('admin');
    expect(log).toEqual([
      'fetch /subapps/admin/config.json',
      'css /assets/a.css',
      'import /subapps/admin/admin-1.js',
      'bootstrap',
    ]);
  });

  it('a missing or malformed config fails with 未找到子应用配置, and is asked again next time', async () => {
    const log: string[] = [];
    const files: Record<string, unknown> = {
      '/subapps/dacang/config.json': { app: 'admin', entry: '/x.js', css: [] },
    };
    const loader = createSubAppLoader(edges(files, {}, log));
    const error = await loader.lifecycle('dacang').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SubAppConfigError);
    expect((error as Error).message).toBe(SUBAPP_CONFIG_MISSING);
    expect(SUBAPP_CONFIG_MISSING).toBe('未找到子应用配置');
    files['/subapps/dacang/config.json'] = { app: 'dacang', entry: '/d.js', css: [] };
    await expect(loader.lifecycle('dacang')).rejects.toThrow(/dynamically imported module/);
    expect(log.filter((l) => l.startsWith('fetch'))).toHaveLength(2);
  });

  it('an entry without the lifecycle exports counts as a missing config', async () => {
    const loader = createSubAppLoader(
      edges(
        { '/subapps/admin/config.json': { app: 'admin', entry: '/a.js', css: [] } },
        { '/a.js': { mount() {} } },
      ),
    );
    await expect(loader.lifecycle('admin')).rejects.toBeInstanceOf(SubAppConfigError);
  });

  it('map.json: fetched once, readable synchronously afterwards, listeners told', async () => {
    const log: string[] = [];
    const map = { app: 'dacang', routes: [{ path: '/dacang/home', title: '大仓首页' }] };
    const loader = createSubAppLoader(edges({ '/subapps/dacang/map.json': map }, {}, log));
    let told = 0;
    loader.subscribe(() => told++);
    expect(loader.loadedMap('dacang')).toBeUndefined();
    expect(await loader.map('dacang')).toEqual(map);
    await loader.map('dacang');
    expect(loader.loadedMap('dacang')).toEqual(map);
    expect(told).toBe(1);
    expect(loader.maps()).toEqual({ dacang: map });
    expect(log).toEqual(['fetch /subapps/dacang/map.json']);
  });

  it('a missing map is an empty one (titles fall back to the menu and 未命名)', async () => {
    const loader = createSubAppLoader(edges({}, {}));
    expect(await loader.map('admin')).toEqual({ app: 'admin', routes: [] });
  });
});
