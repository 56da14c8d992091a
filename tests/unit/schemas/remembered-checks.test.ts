import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rememberSchemaChecks } from '../../../src/schema/node/files';
import { loadCatalog, SchemaError } from '../../../src/schema/node/load';

// Issue 21.5: a start of the bundle skips the catalog's checks for files that passed them at an
// earlier start of the same code; any change to a file checks everything again.
describe('schema checks remembered across starts', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-remembered-'));
  const copy = (name: string) => {
    const dir = path.join(work, name);
    fs.cpSync(path.resolve('schemas'), dir, { recursive: true });
    return dir;
  };
  let forget: () => void;
  beforeAll(() => {
    forget = rememberSchemaChecks(path.join(work, 'checks'), `test-${String(process.pid)}`);
  });
  afterAll(() => {
    forget();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('records a pass, and the same files load again without their checks', () => {
    const first = loadCatalog(copy('a'));
    const markers = fs.readdirSync(path.join(work, 'checks'));
    expect(markers.filter((m) => m.endsWith('.catalog'))).toHaveLength(1);
    // Another folder with the same files: not this process's memo, but the remembered pass.
    const again = loadCatalog(copy('b'));
    expect([...again.resources.keys()]).toEqual([...first.resources.keys()]);
    expect(fs.readdirSync(path.join(work, 'checks'))).toEqual(markers);
  });

  it('checks again once a file changed, and refuses what is broken', () => {
    const dir = copy('c');
    const file = path.join(dir, 'resources/settlementPayment.json');
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      fields: { statementId: { 'x-reference': { resource: string } } };
    };
    data.fields.statementId['x-reference'].resource = 'noSuchResource';
    fs.writeFileSync(file, JSON.stringify(data));
    expect(() => loadCatalog(dir)).toThrow(SchemaError);
  });
});
