import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../scripts/codegen/generate';
import { staleFiles, writeFiles } from '../../../scripts/codegen/index';
import { SCHEMAS, schemasCopy } from './copy';

const ROOT = path.resolve('.');

// Codegen (issue 5 point 7): src/generated follows the schemas; the check fails when it is stale.
describe('codegen', () => {
  // That src/generated is up to date is `npm test`'s "codegen up to date" step (`--check`), run once
  // there; here a second generation equals the first, and equals what is committed.
  it('is deterministic, and what is committed', async () => {
    const a = await generate(SCHEMAS, ROOT);
    const b = await generate(SCHEMAS, ROOT);
    expect([...a.entries()]).toEqual([...b.entries()]);
    expect(staleFiles(path.join(ROOT, 'src/generated'), a)).toEqual([]);
  }, 60_000);

  it('reports stale, missing and extra files after a schema change', async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-'));
    writeFiles(out, await generate(SCHEMAS, ROOT));
    fs.writeFileSync(path.join(out, 'extra.ts'), '');
    const changed = schemasCopy({ 'enums/pickZone.json': (e) => (e.items[0].label = '陈列区域') });
    const stale = staleFiles(out, await generate(changed, ROOT));
    expect(stale).toEqual(['not generated: extra.ts', 'stale: enums.ts']);
  }, 60_000);

  it('--check exits 1 on a stale directory and names the file', () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), 'generated-'));
    const run = spawnSync(
      path.resolve('node_modules/.bin/tsx'),
      ['scripts/codegen/index.ts', '--check', '--out', out],
      {
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('missing: enums.ts');
  }, 60_000);

  it('generates typed clients that call the request layer with the resource endpoints', async () => {
    const files = await generate(SCHEMAS, ROOT);
    const pick = files.get('resources/pickOrder.ts')!;
    expect(pick).toContain("import { api, type RequestOptions } from '@/runtime/request';");
    // Writes take the request layer's idempotency key (issue 13.4) through their options.
    expect(pick).toContain("type WriteOptions = Pick<RequestOptions, 'idempotencyKey' | 'silent'>;");
    expect(pick).toMatch(/input\?: PickOrderTransitionInput\[A\],\s+options\?: WriteOptions/);
    expect(pick).toContain("'/gateApi/storageAdmin/pickOrder/web/queryPickOrderList'");
    expect(pick).toContain('export type PickOrderTransition =');
    expect(files.get('enums.ts')).toContain("{ value: 1, label: '待支付', color: 'orange' }");
  }, 60_000);
});
