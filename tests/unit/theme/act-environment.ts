import { afterAll, beforeAll } from 'vitest';

/**
 * Tells React this file renders inside act() (jsdom tests of the theme's style cache), for the file's
 * tests only: the unit project shares one module graph between files (isolate: false).
 */
export function actEnvironment(): void {
  const g = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  beforeAll(() => {
    g.IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterAll(() => {
    delete g.IS_REACT_ACT_ENVIRONMENT;
  });
}
