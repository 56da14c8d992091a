import type { HomeDef } from '../../src/schema/types';
import { checkHome } from '../../src/schema/check-home';
import { knownPermission, type LintContext } from './context';

/** schemas/home (src/schema/check-home.ts), with the permissions and link pages of the menu. */
export function checkHomeFiles(ctx: LintContext): void {
  const known = {
    permission: (code: string) => knownPermission(ctx, code),
    page: (uri: string) => ctx.permissions.pages.has(uri),
  };
  for (const file of ctx.files.filter((f) => f.kind === 'home')) {
    const home = file.data as unknown as HomeDef;
    for (const p of checkHome(home, ctx.catalog, known)) ctx.add(file.file, p.path, p.message);
  }
}
