import type { PrintDef } from '../../src/generated/schema-files';
import { checkPrint } from '../../src/schema/check-prints';
import type { LintContext } from './context';

/** schemas/prints: the resource and every field a printed document names exist (src/schema/check-prints.ts). */
export function checkPrintFiles(ctx: LintContext): void {
  for (const file of ctx.prints.values()) {
    for (const p of checkPrint(file.data as unknown as PrintDef, ctx.catalog))
      ctx.add(file.file, p.path, p.message);
  }
}
