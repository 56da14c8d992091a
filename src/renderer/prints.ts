import type { PrintDef } from '@/generated/schema-files';

/**
 * The printable documents of schemas/prints (issue 12.10), by name: the file names are known up
 * front, each file is its own small chunk loaded when a page prints it. A page's print action names one.
 */
const printFiles = import.meta.glob<PrintDef>('/schemas/prints/*.json', { import: 'default' });

export const hasSchemaPrint = (name: unknown): name is string =>
  typeof name === 'string' && `/schemas/prints/${name}.json` in printFiles;

/** The print file of that name (undefined when there is none). */
export async function loadPrintFile(name: string): Promise<PrintDef | undefined> {
  const file = printFiles[`/schemas/prints/${name}.json`];
  return file ? file() : undefined;
}
