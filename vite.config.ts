import path from 'node:path';
import react from '@vitejs/plugin-react';
import { constants } from 'node:zlib';
import { defineConfig, runnerImport, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { browserAliases, resolutionPlugins } from './scripts/vite-resolve';

const root = path.resolve('.');

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
  plugins: [react(), ...resolutionPlugins(root), await subAppPlugin(), precompressed],
  // Third-party imports resolved for the browser (scripts/vite-resolve.ts).
  resolve: { alias: browserAliases(root) },
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
