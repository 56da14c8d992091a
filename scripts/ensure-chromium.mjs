// Makes sure Debian's Chromium is there for the e2e tests: installs it with apt-get when running as
// root, otherwise stops with a clear message. playwright-core never downloads a browser of its own.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (fs.existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's package: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log('Chromium is missing: installing Debian chromium with apt-get …');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-cjk',
    {
      stdio: 'inherit',
    },
  );
  return CHROMIUM;
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
