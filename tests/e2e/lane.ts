import { inject } from 'vitest';

/**
 * The browser tests run in lanes (E2E_LANES, tests/fixtures/e2e-global-setup.ts): vitest's workers
 * run files side by side, and each worker drives a server of its own, so no two files that run at
 * the same time share a server's state (its demo rows, sessions, rate limits). A worker's pool id
 * (VITEST_POOL_ID, 1 to maxWorkers, unique among the workers running at one time) picks its lane.
 */
function laneIndex(): number {
  const lanes = inject('baseURLs').length;
  return (Math.max(1, Number(process.env.VITEST_POOL_ID) || 1) - 1) % lanes;
}

/** The address of this worker's server. */
export function laneURL(): string {
  return inject('baseURLs')[laneIndex()]!;
}
