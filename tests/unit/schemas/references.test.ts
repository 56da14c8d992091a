import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { demoPurchaseNoteResource, schemasWithDemoEntity } from '../../fixtures/entity/supplier';

// Issue 12.7: an x-reference names a resource with a list to page, and fields that exist there.
describe('references between resources', () => {
  it('names every broken part of a reference with its JSON path', async () => {
    const dir = schemasWithDemoEntity((files) => {
      const note = demoPurchaseNoteResource();
      note.fields.supplierId['x-reference'] = {
        resource: 'demoSupplier',
        label: 'supplierNam',
        code: 'supplierCode',
        search: 'name',
        where: { contactPhone: '13800000000' },
        copy: { supplierName: 'supplierName', remark: 'supplierCode' },
      } as never;
      files.set('resources/demoPurchaseNote.json', note);
    });
    const problems = (await lintSchemas(dir, { server: false })).filter((p) =>
      p.file.endsWith('demoPurchaseNote.json'),
    );
    const at = '/fields/supplierId/x-reference';
    expect(problems.map((p) => [p.path, p.message])).toEqual([
      [`${at}/label`, 'resource "demoSupplier" has no field "supplierNam"'],
      [`${at}/where/contactPhone`, 'resource "demoSupplier" has no eq or in filter "contactPhone"'],
      [`${at}/search`, 'resource "demoSupplier" has no filter "name" for the typed text'],
      [`${at}/copy/remark`, 'unknown field "remark"'],
    ]);
  });

  it('refuses a reference to a resource that is not there', async () => {
    const dir = schemasWithDemoEntity((files) => {
      const note = demoPurchaseNoteResource();
      note.fields.supplierId['x-reference'].resource = 'vendor';
      files.set('resources/demoPurchaseNote.json', note);
    });
    expect(await lintSchemas(dir, { server: false })).toContainEqual({
      file: 'schemas/resources/demoPurchaseNote.json',
      path: '/fields/supplierId/x-reference/resource',
      message: 'unknown resource "vendor"',
    });
  });

  it('refuses a reference to a view the resource does not declare, and a view over unknown fields', async () => {
    const dir = schemasWithDemoEntity((files) => {
      const note = demoPurchaseNoteResource();
      (note.fields.supplierId['x-reference'] as { view?: string }).view = 'active';
      files.set('resources/demoPurchaseNote.json', note);
      const commodity = JSON.parse(fs.readFileSync('schemas/resources/commodity.json', 'utf8')) as {
        views: Record<string, { where?: object }>;
      };
      commodity.views.shelf!.where = { state: 1 };
      files.set('resources/commodity.json', commodity);
    });
    const problems = (await lintSchemas(dir, { server: false })).map((p) => [p.file, p.path, p.message]);
    expect(problems).toContainEqual([
      'schemas/resources/demoPurchaseNote.json',
      '/fields/supplierId/x-reference/view',
      'resource "demoSupplier" has no view "active"',
    ]);
    expect(problems).toContainEqual([
      'schemas/resources/commodity.json',
      '/views/shelf/where/state',
      'unknown field "state"',
    ]);
  });
});
