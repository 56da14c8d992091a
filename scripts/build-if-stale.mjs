// Builds the front end when dist/ is missing or older than its sources (used by `npm start` and e2e).
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
  'server/db/seed/menu.ts',
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

if (import.meta.url === `file://${process.argv[1]}`) buildIfStale();
