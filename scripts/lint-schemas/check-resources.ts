import { checkResources } from '../../src/schema/check';
import { resourcePermissions } from '../../src/schema/routes';
import { checkSeeds } from '../../src/schema/seed/check';
import { knownPermission, type LintContext } from './context';

/**
 * The engine's own checks (also run at server start: resources and seed files) plus: every
 * permission exists in the permission menu.
 */
export function checkResourceFiles(ctx: LintContext): void {
  ctx.problems.push(...checkResources(ctx.catalog));
  const { seeds, resources, enums } = ctx.catalog;
  for (const p of checkSeeds(seeds, resources, enums)) ctx.add(p.file, p.path, p.message);
  for (const r of ctx.catalog.resources.values()) {
    for (const { path, code } of resourcePermissions(r)) {
      if (!knownPermission(ctx, code)) {
        ctx.add(`resources/${r.name}.json`, path, `unknown permission "${code}" (not in schemas/menu)`);
      }
    }
  }
}
