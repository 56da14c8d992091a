import type { EnumDef } from '../../src/schema/types';
import { HEADER, lit, pascal } from './names';

/** Enum value types, label maps and options (value → label + antd tag colour), plus a registry by name. */
export function emitEnums(enums: EnumDef[]): string {
  const out = [HEADER('schemas/enums/*.json'), "import type { EnumOption } from './types';\n"];
  for (const e of enums) {
    const T = pascal(e.name);
    out.push(`/** ${e.title}${e.description ? `: ${e.description}` : ''} */`);
    out.push(`export type ${T} = ${e.items.map((i) => lit(i.value)).join(' | ')};`);
    out.push(`export const ${e.name}Options: readonly EnumOption<${T}>[] = [`);
    for (const i of e.items) {
      out.push(
        `  { value: ${lit(i.value)}, label: ${lit(i.label)}${i.color ? `, color: ${lit(i.color)}` : ''} },`,
      );
    }
    out.push('];');
    out.push(`export const ${e.name}Labels: Record<${T}, string> = {`);
    for (const i of e.items)
      out.push(`  ${typeof i.value === 'number' ? i.value : lit(i.value)}: ${lit(i.label)},`);
    out.push('};\n');
  }
  out.push('/** Every enumeration by its schema name (what x-enum and page columns refer to). */');
  out.push('export const enumOptions = {');
  for (const e of enums) out.push(`  ${e.name}: ${e.name}Options,`);
  out.push('} as const;\n');
  out.push('export type EnumName = keyof typeof enumOptions;\n');
  out.push('/** The label of a value, or undefined when the value is not in the enumeration. */');
  out.push('export function enumLabel(name: EnumName, value: unknown): string | undefined {');
  out.push(
    '  return (enumOptions[name] as readonly EnumOption<string | number>[]).find((o) => o.value === value)?.label;',
  );
  out.push('}\n');
  return out.join('\n');
}
