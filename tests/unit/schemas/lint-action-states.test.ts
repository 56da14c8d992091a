import { describe, expect, it } from 'vitest';
import { lintSchemas } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

// Engine gap 2a: a row action's states and the states a field may change in are state values the
// resource allows; anything else fails the lint with file and JSON path.
const lint = async (edits: Parameters<typeof schemasCopy>[0]) =>
  (await lintSchemas(schemasCopy(edits), { server: false })).map((p) => `${p.file}#${p.path}: ${p.message}`);

describe('schema lint of states on actions and fields', () => {
  it('names states outside the enum or outside what the resource allows the action', async () => {
    const problems = await lint({
      'pages/admin/tenderList.json': (p) => {
        p.rowActions[1].states = [0, 3];
        p.rowActions[3].states = [9];
        p.rowActions[2].states = [2];
      },
      'resources/tender.json': (p) => {
        p.fields.title['x-editableIn'] = [0, 7];
        p.children.bidList.fields.winning['x-editableIn'] = [8];
      },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'schemas/pages/admin/tenderList.json#/rowActions/1/states/1: 3 is not among the states resource "tender" allows edit in',
        'schemas/pages/admin/tenderList.json#/rowActions/3/states/0: 9 is not a value of enum "tenderStatus"',
        'schemas/pages/admin/tenderList.json#/rowActions/2/states/0: 2 is not among the states resource "tender" allows transition "publish" from',
        'schemas/resources/tender.json#/fields/title/x-editableIn/1: 7 is not a value of enum "tenderStatus"',
        'schemas/resources/tender.json#/children/bidList/fields/winning/x-editableIn/0: 8 is not a value of enum "tenderStatus"',
      ]),
    );
  });
});
