import type { ResourceDef } from './types';

/**
 * Private files (docs/schemas.md 'Private files'): where a field with `x-file` is read back. The server
 * registers one route per such field (server/resources/files.ts); the form and detail widgets call it.
 */
export const privateFilePath = (resource: string, field: string, id: string | number) =>
  `/api/v1/file/${resource}/${field}/${id}`;

/** The header fields of a resource that keep a private file. */
export const privateFileFields = (r: ResourceDef): string[] =>
  Object.entries(r.fields)
    .filter(([, f]) => f['x-file']?.private)
    .map(([name]) => name);

/** The file name a private file's path shows: its last segment. */
export const privateFileName = (value: string) => value.slice(value.lastIndexOf('/') + 1);
