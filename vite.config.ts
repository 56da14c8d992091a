import path from 'node:path';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { defineConfig, type Plugin, runnerImport, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** Sub-apps: built as their own entries, emitted under their public paths (SPEC 9). */
export const SUB_APPS = {
  admin: { entry: 'src/apps/admin/index.tsx', publicPath: 'subapps/admin/', devPort: 9061 },
  dacang: { entry: 'src/apps/dacang/index.tsx', publicPath: 'subapps/dacang/', devPort: 9062 },
} as const;

const apiTarget = process.env.API_URL || 'http://127.0.0.1:8080';
const standalone = SUB_APPS[process.env.SUBAPP as keyof typeof SUB_APPS] as
  (typeof SUB_APPS)[keyof typeof SUB_APPS] | undefined;

/**
 * The sub-app config/map plugin, loaded through Vite's module runner: it reads TypeScript data from
 * src/ and server/ (menu seed, built-in routes), which the config loader would otherwise bundle.
 */
async function subAppPlugin() {
  const { module } = await runnerImport<typeof import('./scripts/vite-subapp-config')>(
    path.resolve('scripts/vite-subapp-config.ts'),
  );
  return module.subAppConfigPlugin(SUB_APPS);
}

/**
 * antd's form context (imported by Input, Select and every other field, so by every page) takes only
 * FormProvider from rc-field-form, but the package's index hangs Field, List and useForm on its Form
 * (`RefForm.Field = Field`), writes a bundler must keep: all of rc-field-form and its validator (about
 * 20 KB gzip) came with the first visit of /home, which has no form. The same FormProvider, taken
 * from the module that defines it (issue 21.6).
 */
const antdFormContextOnly: Plugin = {
  name: 'antd-form-context-only',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'rc-field-form' && importer && /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer))
      return this.resolve('rc-field-form/es/FormContext', importer, { skipSelf: true });
    return null;
  },
};

/**
 * The scripts, styles and icons the server sends, compressed once at build: beside each file over
 * 1 KB its brotli (`.br`, what browsers ask for over HTTPS and on localhost) and gzip (`.gz`, over
 * plain HTTP) forms, which the server's static files plugin sends to a browser that accepts them
 * (server/plugins/static.ts). A list page's 2.6 MB of scripts go out as about 0.75 MB. Brotli at
 * quality 10: 11 makes the files 1.7 % smaller for three times the CPU (9.6 against 3.5
 * CPU-seconds a build here, docs/decisions.md). Not index.html (sent by the page fallback, a few
 * KB) and not the sub-apps' config.json and map.json (an operator may edit them in place; a stale
 * compressed copy would win over the edit).
 */
const precompressed = compression({
  include: /\.(js|css|svg)$/,
  threshold: 1024,
  algorithms: [
    defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
    defineAlgorithm('gzip', { level: 9 }),
  ],
});

/**
 * One build, three entries (host, admin, dacang). Common chunks (React, antd, Formily) are shared,
 * so a sub-app never loads React twice; the host finds a sub-app's entry through its config.json.
 * `npm run dev` serves the same tree with HMR and proxies the API to the running server;
 * SUBAPP=admin|dacang serves that sub-app alone on its own port (9061, 9062).
 */
export default defineConfig(async (): Promise<UserConfig> => ({
  plugins: [react(), antdFormContextOnly, await subAppPlugin(), precompressed],
  resolve: {
    alias: {
      '@': path.resolve('src'),
      '@schemas': path.resolve('schemas'),
      // umi-request's fetch polyfill: native fetch instead (src/runtime/request/fetch-native.ts).
      'isomorphic-fetch': path.resolve('src/runtime/request/fetch-native.ts'),
      // umi-request's query strings: neoqs, qs's dependency-free ES module fork with the same API. qs
      // itself brings side-channel and its object-inspect/get-intrinsic tree (about 12 KB gzip) to
      // every first screen, only to detect cyclic objects in a query (issue 21.6).
      qs: 'neoqs',
      // ResizeObserver's polyfill: the browser's own (src/runtime/resize-observer-native.ts).
      'resize-observer-polyfill': path.resolve('src/runtime/resize-observer-native.ts'),
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        host: path.resolve('index.html'),
        admin: path.resolve(SUB_APPS.admin.entry),
        dacang: path.resolve(SUB_APPS.dacang.entry),
      },
      // Keep the sub-apps' lifecycle exports (bootstrap, mount, unmount).
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: (chunk) =>
          chunk.name in SUB_APPS
            ? `${SUB_APPS[chunk.name as keyof typeof SUB_APPS].publicPath}[name]-[hash].js`
            : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: standalone?.devPort ?? 5173,
    strictPort: !!standalone,
    proxy: {
      '/api': apiTarget,
      '/gateApi': apiTarget,
      '/dev': apiTarget,
      '/uploads': apiTarget,
    },
  },
}));
