import path from 'node:path';
import * as prettier from 'prettier';

/** Formats generated TypeScript with the repository's Prettier settings, so output is stable and readable. */
export async function formatTs(code: string, root: string): Promise<string> {
  const options = (await prettier.resolveConfig(path.join(root, 'package.json'))) ?? {};
  return prettier.format(code, { ...options, parser: 'typescript' });
}
