import path from 'node:path';
import { defineConfig } from 'vitest/config';

// How many browser-test files run side by side (tests/fixtures/e2e-global-setup.ts starts a server each).
const E2E_LANES = Math.max(1, Math.floor(Number(process.env.E2E_LANES) || 1));

// Removes the temporary directories a test file made (tests/fixtures/temp-dir.ts) after it.
const TEMP_DIRS = 'tests/fixtures/temp-dir-setup.ts';

const alias = {
  '@': path.resolve('src'),
  '@server': path.resolve('server'),
  '@schemas': path.resolve('schemas'),
  '@tests': path.resolve('tests'),
};

/**
 * Three projects, run separately by `npm test` (scripts/test.mjs):
 * unit (pure code), server (Fastify inject on a real database), e2e (the real server + Chromium).
 */
export default defineConfig({
  resolve: { alias },
  test: {
    // Demo data is seeded around a pinned day, the same every day: TEST_SEED_ANCHOR of
    // tests/fixtures/seed-anchor.ts (not imported: the config loader would warn on every run).
    env: { SEED_ANCHOR: '2026-11-20' },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts?(x)'],
          setupFiles: [TEMP_DIRS],
          environment: 'node',
          isolate: false,
          // Vitest's 5 s default is for an idle machine. `npm test` runs this project beside two test
          // steps and four background checks on two cores, where a schema lint that takes 1 s alone
          // has taken 3 s and more; a limit here only has to catch a hang.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          setupFiles: [TEMP_DIRS],
          environment: 'node',
          globalSetup: ['tests/fixtures/server-global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: [TEMP_DIRS],
          environment: 'node',
          globalSetup: ['tests/fixtures/e2e-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll gives up after 1 s by default: on two loaded cores a list's first fetch and render
          // can take longer (log-detail's first row count failed so). A poll that passes returns at once.
          expect: { poll: { timeout: 10_000 } },
          // One browser for the whole run and a server per lane: E2E_LANES files run side by side, one
          // per worker, each worker on its lane's server (tests/e2e/lane.ts); one lane unless set. No
          // retry: a test that needs one waits on something it can miss (the /retrieve slider's
          // challenge was one).
          fileParallelism: E2E_LANES > 1,
          maxWorkers: E2E_LANES,
          isolate: false,
        },
      },
    ],
  },
});
