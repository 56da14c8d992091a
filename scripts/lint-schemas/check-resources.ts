import { checkResources } from '../../src/schema/check';
import { checkReminders } from '../../src/schema/check-reminders';
import { resourcePermissions } from '../../src/schema/routes';
import { checkSeeds } from '../../src/schema/seed/check';
import { knownPermission, type LintContext } from './context';

/**
 * The engine's own checks (also run at server start: resources, reminders and seed files) plus: every
 * permission exists in the permission menu.
 */
export function checkResourceFiles(ctx: LintContext): void {
  ctx.problems.push(...checkResources(ctx.catalog));
  const { seeds, resources, enums } = ctx.catalog;
  for (const p of checkSeeds(seeds, resources, enums)) ctx.add(p.file, p.path, p.message);
  for (const r of ctx.catalog.resources.values()) {
    // Reminders (src/schema/check-reminders.ts): with the menu's permission codes and page uris.
    const reminders = checkReminders(
      r,
      (code) => knownPermission(ctx, code),
      (uri) => ctx.permissions.pages.has(uri),
    );
    for (const p of reminders) ctx.add(`resources/${r.name}.json`, p.path, p.message);
    for (const { path, code } of resourcePermissions(r)) {
      if (!knownPermission(ctx, code)) {
        ctx.add(`resources/${r.name}.json`, path, `unknown permission "${code}" (not in schemas/menu)`);
      }
    }
  }
}
