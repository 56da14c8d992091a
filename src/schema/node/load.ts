import { checkResources } from '../check';
import { checkHome } from '../check-home';
import { checkReminders } from '../check-reminders';
import { checkWorkflow } from '../check-workflows';
import { displayPath, readSchemaFiles, type SchemaProblem, schemaFilesToken } from './files';
import { checkSeeds } from '../seed/check';
import { catalogFrom } from '../catalog';
import type { Catalog } from '../types';

export { catalogFrom } from '../catalog';

export class SchemaError extends Error {
  constructor(readonly problems: SchemaProblem[]) {
    super(`invalid schema files:\n${problems.map((p) => `  ${p.file}#${p.path}: ${p.message}`).join('\n')}`);
  }
}

/**
 * Loads resources, enums and validators for the server. Refuses to start on a file that breaks its
 * meta-schema or a resource whose references do not resolve: a broken schema must fail loudly at
 * start, never as a 500 on some later request. Pages and forms are checked by the schema lint.
 */
export function loadCatalog(dir: string): Catalog {
  // The server loads it for the engine and for exports, and the tests for every app they build: the
  // next load of the same files is the first's, without parsing them again.
  const token = schemaFilesToken(dir);
  const hit = loaded.get(dir);
  if (hit && token && hit.token === token) return hit.catalog;
  const { files, problems, signature, catalogChecks } = readSchemaFiles(dir);
  if (hit?.signature === signature) {
    loaded.set(dir, { ...hit, token });
    return hit.catalog;
  }
  // Files that passed every check at an earlier start of this same bundle pass them again: skipped.
  const catalog = catalogChecks.yes
    ? catalogFrom(dir, files.filter(serverFile))
    : checkedCatalog(dir, files, problems);
  if (!catalogChecks.yes) catalogChecks.remember();
  loaded.set(dir, { signature, token, catalog });
  return catalog;
}

/** The files the server's catalog is built from: pages and forms are the front end's. */
const serverFile = (f: { kind: string }) => f.kind !== 'page' && f.kind !== 'form';

/** Catalogs loaded in this process, per folder, with the signature of the files they came from. */
const loaded = new Map<string, { signature: string; token: object | undefined; catalog: Catalog }>();

function checkedCatalog(
  dir: string,
  files: ReturnType<typeof readSchemaFiles>['files'],
  problems: ReturnType<typeof readSchemaFiles>['problems'],
): Catalog {
  const serverFiles = files.filter(serverFile);
  const fatal = problems.filter(
    (p) => !/\/(pages|forms)\//.test(p.file) || p.file.endsWith('validators.json'),
  );
  const catalog = catalogFrom(dir, serverFiles);
  const seedProblems = checkSeeds(catalog.seeds, catalog.resources, catalog.enums).map((p) => ({
    ...p,
    file: displayPath(dir, p.file),
  }));
  // A broken workflow would guard the wrong transition or none: the server must not start.
  const workflowProblems = [...catalog.workflows.values()].flatMap((w) =>
    checkWorkflow(w, catalog).map((p) => ({ ...p, file: displayPath(dir, `workflows/${w.name}.json`) })),
  );
  // A broken reminder would fail its worker every hour: the server must not start either.
  const reminderProblems = [...catalog.resources.values()].flatMap((r) =>
    checkReminders(r).map((p) => ({ ...p, file: displayPath(dir, `resources/${r.name}.json`) })),
  );
  // A broken home counter would fail every home page's summary.
  const homeProblems = [...catalog.homes.values()].flatMap((h) =>
    checkHome(h, catalog).map((p) => ({ ...p, file: displayPath(dir, `home/${h.name}.json`) })),
  );
  const all = [
    ...fatal,
    ...homeProblems,
    ...checkResources(catalog),
    ...seedProblems,
    ...workflowProblems,
    ...reminderProblems,
  ];
  if (all.length) throw new SchemaError(all);
  return catalog;
}
