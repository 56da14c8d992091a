import type { EnumDef } from '../../src/schema/types';
import type { LintContext } from './context';

/** Values are unique and of the declared type. */
export function checkEnums(ctx: LintContext): void {
  for (const f of ctx.files.filter((x) => x.kind === 'enum')) {
    const e = f.data as unknown as EnumDef;
    const seen = new Set<unknown>();
    e.items.forEach((item, i) => {
      const typeOk =
        e.valueType === 'integer' ? Number.isInteger(item.value) : typeof item.value === 'string';
      if (!typeOk) ctx.add(f.file, `/items/${i}/value`, `value must be ${e.valueType}`);
      if (seen.has(item.value))
        ctx.add(f.file, `/items/${i}/value`, `duplicate value ${JSON.stringify(item.value)}`);
      seen.add(item.value);
    });
  }
}
