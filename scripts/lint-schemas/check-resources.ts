import { checkResources } from '../../server/resources/check';
import { resourcePermissions } from '../../server/resources/routes';
import { knownPermission, type LintContext } from './context';

/** The engine's own checks (also run at server start) plus: every permission exists in the seed. */
export function checkResourceFiles(ctx: LintContext): void {
  ctx.problems.push(...checkResources(ctx.catalog));
  for (const r of ctx.catalog.resources.values()) {
    for (const { path, code } of resourcePermissions(r)) {
      if (!knownPermission(ctx, code)) {
        ctx.add(
          `resources/${r.name}.json`,
          path,
          `unknown permission "${code}" (not in server/db/seed/menu.ts)`,
        );
      }
    }
  }
}
