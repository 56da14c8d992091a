import { checkResources } from '../check';
import { checkHome } from '../check-home';
import { checkReminders } from '../check-reminders';
import { checkWorkflow } from '../check-workflows';
import { displayPath, readSchemaFiles, type SchemaProblem } from './files';
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
  const { files, problems } = readSchemaFiles(dir);
  const serverFiles = files.filter((f) => f.kind !== 'page' && f.kind !== 'form');
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
