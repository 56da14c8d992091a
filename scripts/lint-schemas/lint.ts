import type { SchemaProblem } from '../../src/schema/node/files';
import { checkDatabase } from './check-database';
import { checkEndpoints } from './check-endpoints';
import { checkEnums } from './check-enums';
import { checkForms } from './check-forms';
import { checkHomeFiles } from './check-home';
import { checkPages } from './check-pages';
import { checkPrintFiles } from './check-prints';
import { checkResolved } from './check-resolved';
import { checkResourceFiles } from './check-resources';
import { checkTableChanges } from './check-table-changes';
import { checkWorkflowFiles } from './check-workflows';
import { type LintContext, lintContext } from './context';

/** Everything that needs no server: meta-schemas, cross-references, the permission seed. */
export function staticLint(dir: string): LintContext {
  const ctx = lintContext(dir);
  checkEnums(ctx);
  checkResourceFiles(ctx);
  checkPages(ctx);
  checkForms(ctx);
  checkPrintFiles(ctx);
  checkWorkflowFiles(ctx);
  checkHomeFiles(ctx);
  // The resolver's own problems, once the cross-references above hold (so each is reported once).
  if (!ctx.problems.length) checkResolved(ctx);
  return ctx;
}

/**
 * The schema lint: meta-schema validation of every file, then cross-references (enums, fields,
 * filters, sorting, forms, permissions, seeds), then the owned tables against the last commit's, then the endpoints against the routes of the real
 * server, then every table and column against a freshly migrated database (check-database.ts).
 * The server and the database are only tried when the resources themselves are sound.
 */
export async function lintSchemas(
  dir: string,
  opts: {
    server?: boolean;
    database?: boolean;
    /**
     * false: the database check stops at the tables and columns, without writing the demo rows. For a
     * run that writes them with the same files anyway (`npm test` builds its demo database first).
     */
    seed?: boolean;
  } = {},
): Promise<SchemaProblem[]> {
  const ctx = staticLint(dir);
  const resourcesSound = !ctx.problems.some((p) =>
    /\/(resources|enums|seed)\/|validators\.json$/.test(p.file),
  );
  // Table changes a start on a database of the last commit would refuse (check-table-changes.ts).
  if (resourcesSound && !ctx.problems.length) checkTableChanges(ctx);
  if (opts.server !== false && resourcesSound) await checkEndpoints(ctx);
  // The database check follows the server check unless asked for on its own.
  const database = opts.database ?? opts.server !== false;
  if (database && resourcesSound && !ctx.problems.length) await checkDatabase(ctx, { seed: opts.seed });
  return ctx.problems;
}

export function formatProblem(p: SchemaProblem): string {
  return `${p.file}${p.path ? `#${p.path}` : ''}: ${p.message}`;
}
