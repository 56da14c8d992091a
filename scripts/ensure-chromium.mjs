// Makes sure Debian's Chromium is there for the e2e tests, the QA snapshots and the benches: installs
// it with apt-get when running as root, otherwise stops with a clear message. playwright-core never
// downloads a browser of its own.
//
// The package is chromium-headless-shell, Debian's build of Chromium's headless shell (the same
// Blink and V8 as the chromium package, without the browser's windowing layers). Playwright's
// `--headless` starts the full browser in its new headless mode; the shell drove the same browser
// tests with about a quarter less CPU (docs/decisions.md, "The test run on two cores").
// CHROMIUM_PATH=/usr/bin/chromium runs them in the full browser instead.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium-headless-shell';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's package: sudo apt-get install -y chromium-headless-shell fonts-noto-cjk`,
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian chromium-headless-shell with apt-get …');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell fonts-noto-cjk',
    { stdio: 'inherit' },
  );
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
