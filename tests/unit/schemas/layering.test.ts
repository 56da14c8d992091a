import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 12.1: the direction of imports is enforced by ESLint (eslint.config.js, LAYERS), so a browser
// import of server code, or a core import of the renderer, cannot creep back.
// The first lint loads ESLint's config and the TypeScript parser: seconds on a busy machine.
describe('layering', { timeout: 30_000 }, () => {
  const eslint = new ESLint();
  const problems = async (filePath: string, code: string) =>
    (await eslint.lintText(code, { filePath }))[0]!.messages
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => m.message);

  it('refuses a browser import of server code', async () => {
    const found = await problems(
      'src/renderer/probe.ts',
      "import { buildApp } from '../../server/app';\nexport const x = buildApp;\n",
    );
    expect(found).toEqual([expect.stringContaining('The browser never imports server code')]);
    expect(
      await problems('src/host/probe.ts', "import { x } from '@server/app';\nexport const y = x;\n"),
    ).toHaveLength(1);
  });

  it('refuses the browser the Node-only part of the core, and the core any layer that uses it', async () => {
    expect(
      await problems(
        'src/apps/probe.ts',
        "import { readSchemaFiles } from '@/schema/node/files';\nexport const x = readSchemaFiles;\n",
      ),
    ).toHaveLength(1);
    expect(
      await problems(
        'src/schema/probe.ts',
        "import { api } from '../runtime/request';\nexport const x = api;\n",
      ),
    ).toEqual([expect.stringContaining('The schema core (src/schema) imports none')]);
  });

  it('refuses the server the renderer, and codegen the server', async () => {
    expect(
      await problems('server/probe.ts', "import { x } from '../src/renderer/format';\nexport const y = x;\n"),
    ).toHaveLength(1);
    expect(
      await problems(
        'scripts/codegen/probe.ts',
        "import { x } from '../../server/app';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets every layer import the core', async () => {
    expect(
      await problems(
        'src/renderer/probe.ts',
        "import { formatMoney } from '@/schema/format';\nexport const x = formatMoney;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('server/probe.ts', "import { x } from '../src/schema/routes';\nexport const y = x;\n"),
    ).toEqual([]);
  });
});
