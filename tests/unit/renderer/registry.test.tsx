import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import pageMeta from '@schemas/meta/page.schema.json';
import { prepareForm } from '@/renderer/resolve';
import { widgetFor } from '@/renderer/list/columns';
import { CELL_WIDGETS, cellWidget, hasFormComponent } from '@/renderer/registry';
import type { FormDef, ResourceDef } from '@/renderer/schema-types';
import { VALUE_TYPES } from '@/schema/value-types';
import type { ResolvedColumn } from '@/renderer/widgets/types';
import { UnknownWidget } from '@/renderer/widgets/UnknownWidget';

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (p: string) => JSON.parse(fs.readFileSync(path.join(root, p), 'utf8'));
const jsonFiles = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith('.json'))
    .map((f) => `${dir}/${f}`);

const column = (valueType: string): ResolvedColumn => ({
  field: 'x',
  title: 'X',
  valueType,
  source: { file: 'schemas/pages/dacang/demo.json', path: '/columns/3' },
});

describe('the registry', () => {
  it('has exactly one cell widget per valueType of page.schema.json', () => {
    const schemaTypes = pageMeta.definitions.column.properties.valueType.enum;
    expect([...VALUE_TYPES].sort()).toEqual([...schemaTypes].sort());
    expect(Object.keys(CELL_WIDGETS).sort()).toEqual([...schemaTypes].sort());
    for (const t of schemaTypes) expect(cellWidget(t)).toBeTypeOf('object');
  });

  it('knows nothing else: inherited keys and unknown names are not widgets', () => {
    expect(cellWidget('money2')).toBeUndefined();
    expect(cellWidget('toString')).toBeUndefined();
    expect(cellWidget('')).toBeUndefined();
  });

  it('renders an unknown valueType as an Alert naming the schema file, the JSON path and the key', () => {
    const Cell = widgetFor(column('sparkline'));
    const html = renderToStaticMarkup(<Cell value={1} row={{ x: 1 }} column={column('sparkline')} />);
    expect(html).toContain('ant-alert-error');
    expect(html).toContain('schemas/pages/dacang/demo.json /columns/3');
    expect(html).toContain('“sparkline”');
    expect(html).toContain('列类型 valueType');
  });

  it('says which kind of key is unknown', () => {
    const html = renderToStaticMarkup(
      <UnknownWidget kind="x-component" name="FancyPicker" source={{ file: 'schemas/forms/a.json' }} />,
    );
    expect(html).toContain('配置错误：schemas/forms/a.json 中的表单组件 x-component“FancyPicker”未注册');
  });

  it('resolves form components by dotted name, members included', () => {
    for (const name of [
      'Input',
      'Input.TextArea',
      'DatePicker.RangePicker',
      'ArrayTable.Column',
      'ArrayTable.Addition',
      'FormItem',
      'ResourceSelect',
      'OrgTreeSelect',
      'EnumSelect',
    ])
      expect(hasFormComponent(name), name).toBe(true);
    for (const name of ['Nope', 'Input.Nope', 'toString', 'Input.prototype.constructor.x', ''])
      expect(hasFormComponent(name), name).toBe(false);
  });

  it('swaps an unknown x-component for the loud widget, naming the form file and path', () => {
    const r = readJson('schemas/resources/pickOrder.json') as ResourceDef;
    const file: FormDef = {
      name: 'broken',
      title: '坏表单',
      resource: 'pickOrder',
      action: 'transition',
      transition: 'assignPicker',
      schema: { type: 'object', properties: { pickerName: { 'x-component': 'FancyInput' } } },
    };
    const prepared = prepareForm(file, r, 'schemas/forms/broken.json');
    expect(prepared.unknown).toEqual([
      { kind: 'x-component', name: 'FancyInput', alias: 'Unknown0', path: '/schema/properties/pickerName' },
    ]);
    expect(
      (prepared.schema.properties as Record<string, { 'x-component': string }>).pickerName!['x-component'],
    ).toBe('Unknown0');
  });

  it('every valueType and x-component the repository schemas use is registered', () => {
    for (const file of [...jsonFiles('schemas/pages/admin'), ...jsonFiles('schemas/pages/dacang')]) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const [, t] of text.matchAll(/"valueType":\s*"([^"]+)"/g))
        expect(cellWidget(t!), `${file}: ${t}`).toBeDefined();
    }
    for (const file of jsonFiles('schemas/forms').filter((f) => !f.endsWith('validators.json'))) {
      const form = readJson(file) as FormDef;
      const r = readJson(`schemas/resources/${form.resource}.json`) as ResourceDef;
      expect(prepareForm(form, r, file).unknown, file).toEqual([]);
    }
  });
});
