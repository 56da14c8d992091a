import type { ValidatorDef } from '../../src/schema/types';
import { HEADER, lit } from './names';

/** The named validators of SPEC 5 for the browser (the server reads the same file). */
export function emitValidators(validators: Record<string, ValidatorDef>): string {
  const out = [HEADER('schemas/forms/validators.json')];
  out.push('export interface NamedValidator {\n  pattern: RegExp;\n  message: string;\n}\n');
  out.push('export const validators = {');
  for (const [name, v] of Object.entries(validators)) {
    if (v.description) out.push(`  /** ${v.description} */`);
    out.push(`  ${name}: { pattern: /${v.pattern.replace(/\//g, '\\/')}/, message: ${lit(v.message)} },`);
  }
  out.push('} satisfies Record<string, NamedValidator>;\n');
  out.push('export type ValidatorName = keyof typeof validators;\n');
  return out.join('\n');
}
