import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { demoPurchaseNoteResource, schemasWithDemoEntity } from '../../fixtures/entity/supplier';
import { editJson } from './copy';

// Issue 12.5: the lint migrates a throwaway database and checks every table and column a resource
// names, so a schema that passes cannot fail a request on a missing relation or column.
// That a sound new entity passes is the lint run of tests/e2e/entity-json-only's copy (the same
// files, through the command a product owner runs; its seeds are written by the copy's first start),
// and the repository's own schemas are `npm test`'s schema lint step: neither is run again here.
describe('schema lint against a migrated database', () => {
  // One copy with both faults and one lint run: each run migrates a database of its own (about 5 s).
  it('names the file and field of a column no table has and of a table that does not exist', async () => {
    const dir = schemasWithDemoEntity((files) => {
      const note = demoPurchaseNoteResource();
      note.fields.supplierCode['x-lookup'].table = 'demo_suplier';
      files.set('resources/demoPurchaseNote.json', note);
    });
    editJson(dir, 'resources/packer.json', (r) => (r.fields.factoryName['x-column'] = 'factoryNam'));
    const problems = await lintSchemas(dir, { server: false, database: true });
    expect(problems).toContainEqual({
      file: 'schemas/resources/packer.json',
      path: '/fields/factoryName',
      message: 'field "factoryName": column "packer.factory_nam" does not exist in the migrated database',
    });
    expect(problems).toContainEqual({
      file: 'schemas/resources/demoPurchaseNote.json',
      path: '/fields/supplierCode/x-lookup/key',
      message: 'field "supplierCode": table "demo_suplier" does not exist in the migrated database',
    });
    // Nothing else: the rest of the copy is the repository's own and the demo entity, which pass.
    const others = problems.filter(
      (p) => !['schemas/resources/packer.json', 'schemas/resources/demoPurchaseNote.json'].includes(p.file),
    );
    expect(others).toEqual([]);
  }, 240_000);

  it('names the seed file and field of a generator for a field the resource lacks', async () => {
    const dir = schemasWithDemoEntity((files) => {
      const seed = structuredClone(files.get('seed/demoSupplier.json')) as {
        generate: { fields: Record<string, unknown> };
      };
      seed.generate.fields.supplierNam = { words: 'company' };
      files.set('seed/demoSupplier.json', seed);
    });
    expect(await lintSchemas(dir, { server: false, database: true })).toEqual([
      {
        file: 'schemas/seed/demoSupplier.json',
        path: '/generate/fields/supplierNam',
        message: 'no field "supplierNam" in resource "demoSupplier"',
      },
    ]);
  });
});
