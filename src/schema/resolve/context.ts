import type { ChildDef, EnumDef, ResourceDef, ValidatorDef } from '../../generated/schema-files';
import type { Catalog } from '../types';
import { isFormComponentName } from './components';

/**
 * What the resolver needs from the world around it, so that one pure function serves every caller:
 * the renderer passes the files Vite bundled, its widget registry and Formily reactions
 * (src/renderer/resolve-context.ts); the lint passes the catalog it read (catalogContext below).
 */
export interface ResolveContext {
  /** The enumeration of an x-enum / column enum name. */
  enumDef(name: string): EnumDef | undefined;
  /** The named validators of schemas/forms/validators.json. */
  validators: Readonly<Record<string, ValidatorDef>>;
  /** Whether schemas/prints holds a document of this name. */
  hasPrint(name: string): boolean;
  /**
   * Whether a form's x-component / x-decorator can be drawn. Unknown names are reported and swapped
   * for an alias the renderer binds to its loud UnknownWidget. Absent: every name is accepted.
   */
  hasComponent?(name: string): boolean;
  /** The live recomputation of a computed field (Formily x-reactions). Absent: none attached. */
  computedReaction?(r: ResourceDef, name: string, line?: ChildDef): unknown;
}

/** Where a schema came from, so a failure can name the file (and the JSON path inside it). */
export interface SchemaSource {
  file: string;
  path?: string;
}

/** A resolved thing that could not be resolved: shown by the renderer, reported by the lint. */
export interface ResolveProblem {
  text: string;
  source: SchemaSource;
}

/**
 * The context of a catalog read from disk (lint, tests, scripts): component names from the list the
 * registry binds (components.ts), no reactions.
 */
export function catalogContext(
  catalog: Pick<Catalog, 'enums' | 'validators'>,
  prints: Iterable<string> = [],
): ResolveContext {
  const printNames = new Set(prints);
  return {
    enumDef: (name) => catalog.enums.get(name),
    validators: catalog.validators,
    hasPrint: (name) => printNames.has(name),
    hasComponent: isFormComponentName,
  };
}

/** Select options of an enumeration, in file order. */
export function enumOptions(def: EnumDef): { label: string; value: string | number }[] {
  return def.items.map((i) => ({ label: i.label, value: i.value }));
}

export type UnknownKind = 'valueType' | 'x-component' | 'x-decorator' | 'enum';

const KIND_TEXT: Record<UnknownKind, string> = {
  valueType: '列类型 valueType',
  'x-component': '表单组件 x-component',
  'x-decorator': '表单装饰器 x-decorator',
  enum: '枚举 enum',
};

/** The sentence an unknown key produces: it names the file, the JSON path and the key. */
export function unknownText(kind: UnknownKind, key: string, source: SchemaSource): string {
  const where = source.path ? `${source.file} ${source.path}` : source.file;
  return `配置错误：${where} 中的${KIND_TEXT[kind]}“${key}”未注册`;
}
