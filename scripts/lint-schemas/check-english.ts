import type { SchemaKind } from '../../src/schema/files';
import { missingEnglish } from '../../src/schema/i18n';
import { readSchemaFiles } from '../../src/schema/node/files';

/** Kinds whose texts users read (seed rows are data; validators carry messages, not titles). */
const SHOWN = new Set<SchemaKind>(['page', 'resource', 'enum', 'form', 'menu', 'home', 'print']);

export interface EnglishReport {
  /** Titles and labels without English, per file (relative path), files with none left out. */
  missing: Record<string, string[]>;
  total: number;
}

/**
 * Issue 20.5: which Chinese titles and labels of the schema files have no English yet
 * (`i18n['en-US']`, src/schema/i18n.ts). A report, never a failure: Chinese is the product's language
 * and English is added file by file; the English page falls back to the Chinese meanwhile.
 */
export function checkEnglish(dir: string): EnglishReport {
  const missing: Record<string, string[]> = {};
  let total = 0;
  for (const f of readSchemaFiles(dir).files) {
    if (!SHOWN.has(f.kind)) continue;
    const paths = missingEnglish(f.data);
    if (!paths.length) continue;
    missing[f.file] = paths;
    total += paths.length;
  }
  return { missing, total };
}
