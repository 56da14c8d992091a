import type { SchemaFile } from './files';
import type { Catalog, EnumDef, HomeDef, ResourceDef, SeedDef, ValidatorDef, WorkflowDef } from './types';

/** Builds the catalog from already-read files (no checks). */
export function catalogFrom(dir: string, files: SchemaFile[]): Catalog {
  const resources = new Map<string, ResourceDef>();
  const enums = new Map<string, EnumDef>();
  const seeds = new Map<string, SeedDef>();
  const workflows = new Map<string, WorkflowDef>();
  const homes = new Map<string, HomeDef>();
  let validators: Record<string, ValidatorDef> = {};
  for (const f of files) {
    if (f.kind === 'resource') resources.set(String(f.data.name), f.data as unknown as ResourceDef);
    if (f.kind === 'enum') enums.set(String(f.data.name), f.data as unknown as EnumDef);
    if (f.kind === 'seed') seeds.set(String(f.data.name), f.data as unknown as SeedDef);
    if (f.kind === 'workflow') workflows.set(String(f.data.name), f.data as unknown as WorkflowDef);
    if (f.kind === 'home') homes.set(String(f.data.name), f.data as unknown as HomeDef);
    if (f.kind === 'validators')
      validators = (f.data as { validators: Record<string, ValidatorDef> }).validators;
  }
  return { dir, resources, enums, validators, seeds, workflows, homes };
}
