import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { applySchemasIfChanged } from '../../server/db/prepare';
import { readStamp } from '../../server/db/stamp';
import { createTestApp, type TestApp } from '../fixtures/app';

// Issue 21.5: a start skips applySchemas when the database's stamp says the same code applied the same
// schema files in the same mode; any change of these applies them again (docs/decisions.md "First and
// warm start"). Each apply takes seconds: the timeouts are safety nets for a busy machine.
describe('applySchemas is skipped only when nothing it depends on changed', () => {
  let t: TestApp;
  let copy: string;
  beforeAll(async () => {
    t = await createTestApp();
    copy = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'stamp-')), 'schemas');
    fs.cpSync(path.resolve('schemas'), copy, { recursive: true });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(copy), { recursive: true, force: true });
  });

  const demo = { production: false };

  it('skips with the same code, files and mode, and applies when any of them differs', async () => {
    const db = t.database.db;
    const code = inject('schemaCode');
    // The template was stamped by this run: the clone needs nothing.
    expect(await readStamp(db)).toBeTruthy();
    expect(await applySchemasIfChanged(db, { demo, code })).toBe(false);
    // Same files elsewhere: same contents, same key.
    expect(await applySchemasIfChanged(db, { demo, code, schemasDir: copy })).toBe(false);
    // Other code, another mode: applied.
    expect(await applySchemasIfChanged(db, { demo, code: `${code}-other` })).toBe(true);
    expect(await applySchemasIfChanged(db, { demo, code: `${code}-other` })).toBe(false);
    expect(await applySchemasIfChanged(db, { code: `${code}-other` })).toBe(true);
    expect(await applySchemasIfChanged(db, { demo, code })).toBe(true);
    // One changed schema file (a title): applied.
    const file = path.join(copy, 'enums', fs.readdirSync(path.join(copy, 'enums'))[0]!);
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...data, title: `${data.title ?? ''}改` }, null, 2));
    expect(await applySchemasIfChanged(db, { demo, code, schemasDir: copy })).toBe(true);
    expect(await applySchemasIfChanged(db, { demo, code, schemasDir: copy })).toBe(false);
    expect(await applySchemasIfChanged(db, { demo, code })).toBe(true);
  }, 600_000);

  it('never skips without a code version, which leaves no stamp to skip on', async () => {
    const db = t.database.db;
    expect(await applySchemasIfChanged(db, { demo, code: undefined })).toBe(true);
    expect(await readStamp(db)).toBeUndefined();
    expect(await applySchemasIfChanged(db, { demo, code: inject('schemaCode') })).toBe(true);
  }, 600_000);
});
