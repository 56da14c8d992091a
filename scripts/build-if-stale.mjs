// Builds the front end when dist/ is missing or older than its sources, and the server bundle
// dist-server/main.mjs when it is older than server/ (used by `npm start`, e2e and the benchmarks).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist/.vite/manifest.json');
// scripts/vite-subapp-config.ts and the menu seed feed the sub-apps' config.json and map.json.
const sources = [
  'src',
  'schemas',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'public',
  'scripts/vite-subapp-config.ts',
  'schemas/menu',
];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

export function buildIfStale({ quiet = false } = {}) {
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const source = Math.max(...sources.map((s) => newest(path.join(root, s))));
  if (built >= source) {
    if (!quiet) console.log('front end is up to date (dist/)');
    return false;
  }
  console.log('building the front end (vite build) …');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      // Always a production build: under vitest NODE_ENV is 'test', which would ship development React.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return true;
}

const serverBundle = path.join(root, 'dist-server/main.mjs');
// The files esbuild read for the last bundle (server/ and what it imports from src/ or schemas/).
const serverInputs = path.join(root, 'dist-server/inputs.json');
const serverAlways = ['package-lock.json', 'scripts/build-if-stale.mjs'];

function serverSourcesTime() {
  if (!fs.existsSync(serverInputs)) return Infinity;
  const inputs = [...JSON.parse(fs.readFileSync(serverInputs, 'utf8')), ...serverAlways];
  // A deleted input means the imports changed: rebuild.
  return Math.max(
    ...inputs.map((f) => (fs.existsSync(path.join(root, f)) ? newest(path.join(root, f)) : Infinity)),
  );
}

/**
 * `dayjs/plugin/utc` resolves for tsx and Vite but not for Node's ES module loader, which wants the
 * file name of a package without an exports map: such subpaths get their `.js`.
 */
const extensionlessSubpaths = {
  name: 'extensionless-subpaths',
  setup(build) {
    build.onResolve({ filter: /^(@[^/]+\/)?[^./@][^/]*\/[^.]+$/ }, (args) => {
      const file = path.join(root, 'node_modules', `${args.path}.js`);
      return fs.existsSync(file) ? { path: `${args.path}.js`, external: true } : undefined;
    });
  },
};

/**
 * One ES module of the server's own code (packages stay in node_modules, schemas/ is read at run time):
 * starting it skips transpiling ~200 TypeScript files through tsx at every start. esbuild comes with
 * tsx (a dependency), so a fresh `npm install && npm start` has it. Written to a temporary file first,
 * then renamed, so a concurrent start never runs half a file.
 */
export async function buildServerIfStale({ quiet = false } = {}) {
  const built = fs.existsSync(serverBundle) ? fs.statSync(serverBundle).mtimeMs : 0;
  if (built >= serverSourcesTime()) {
    if (!quiet) console.log('server bundle is up to date (dist-server/)');
    return false;
  }
  if (!quiet) console.log('bundling the server (esbuild) …');
  const { build } = await import('esbuild');
  const tmp = `${serverBundle}.${process.pid}.tmp`;
  const result = await build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'server/main.ts')],
    outfile: tmp,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    plugins: [extensionlessSubpaths],
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith('node_modules/'));
  fs.writeFileSync(`${serverInputs}.${process.pid}.tmp`, JSON.stringify(inputs));
  fs.renameSync(`${serverInputs}.${process.pid}.tmp`, serverInputs);
  fs.renameSync(tmp, serverBundle);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfStale();
  await buildServerIfStale();
}
