/**
 * The printable documents of schemas/prints (issue 12.10), by name: only the file names are read here
 * (the print page loads the file). A page's print action names one of these or a built-in page.
 */
const printFiles = import.meta.glob('/schemas/prints/*.json');

export const hasSchemaPrint = (name: unknown): name is string =>
  typeof name === 'string' && `/schemas/prints/${name}.json` in printFiles;

/** The print page of a declared document for one row. */
export const schemaPrintUrl = (name: string, id: unknown) =>
  `/print/doc/${encodeURIComponent(name)}/${encodeURIComponent(String(id ?? ''))}`;
