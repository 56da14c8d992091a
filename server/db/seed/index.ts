import { declaredPageMenus, type FlatPermission, flattenMenus, menusOf } from '../../../src/schema/menu';
import { defaultSchemasDir, readSchemaFiles } from '../../../src/schema/node/files';
import { hashPassword } from '../../security/password';
import type { Database } from '../index';
import {
  DEMO_PASSWORD,
  generatedAccounts,
  pickerAccounts,
  type SeedAccount,
  seedAccounts,
  seedRoles,
} from './accounts';
import { seedOrgs, seedSubsystems } from './orgs';
import { syncPageMenus } from './page-menus';
import { seedPackers } from './packers';
import { seedPanels } from './panels';
import { seedResources } from './resources';

/**
 * Reference data every installation needs: organisations, subsystems, the permission menu (the base
 * tree of schemas/menu, then the entries page schemas declare). Idempotent; runs at every start.
 */
export async function seedReference(db: Database, options: { schemasDir?: string } = {}): Promise<void> {
  const { files } = readSchemaFiles(options.schemasDir ?? defaultSchemasDir());
  await db
    .insertInto('org')
    .values(seedOrgs)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('subsystem')
    .values(seedSubsystems)
    .onConflict((oc) => oc.column('systemId').doNothing())
    .execute();
  await db
    .insertInto('permission')
    .values(flattenMenus(menusOf(files)))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await syncPageMenus(db, declaredPageMenus(files));
}

type PermissionRow = Pick<FlatPermission, 'id' | 'parentId' | 'uri' | 'code' | 'app'>;

function grantedIds(grants: (typeof seedRoles)[number]['grants'], perms: PermissionRow[]): number[] {
  const byId = new Map(perms.map((p) => [p.id, p]));
  const picked = new Set<number>();
  const addWithAncestors = (p: PermissionRow | undefined) => {
    for (let cur = p; cur && !picked.has(cur.id); cur = cur.parentId ? byId.get(cur.parentId) : undefined) {
      picked.add(cur.id);
    }
  };
  for (const p of perms) {
    const inApp = grants.apps?.includes(p.app);
    const pageMatch = p.uri && grants.uriPrefixes?.some((prefix) => p.uri!.startsWith(prefix));
    const codeMatch = p.code && grants.codes?.includes(p.code);
    if (inApp || pageMatch || codeMatch) addWithAncestors(p);
  }
  return [...picked];
}

/**
 * Demo roles and accounts (DESIGN.md 3) and the demo documents written in TypeScript, dated before
 * `anchor` (YYYY-MM-DD, the seed anchor: server/db/prepare.ts). Refuses to run in production: no
 * default accounts there. Idempotent: existing rows are left as they are.
 */
export async function seedDemo(
  db: Database,
  options: { production: boolean; extraEmployees?: number; anchor: string },
) {
  await seedDemoAccounts(db, options);
  await seedDemoDocuments(db, options.anchor);
}

/**
 * The demo roles and accounts alone: what demo rows of schemas/seed may refer to (an applicant, a
 * store's staff). The schema lint seeds them too before it writes the declared rows.
 */
export async function seedDemoAccounts(
  db: Database,
  options: { production: boolean; extraEmployees?: number },
) {
  if (options.production) throw new Error('refusing to seed demo accounts with NODE_ENV=production');
  // From the table rather than schemas/menu: it also holds the entries page schemas declare.
  const perms = await db.selectFrom('permission').select(['id', 'parentId', 'uri', 'code', 'app']).execute();
  for (const role of seedRoles) {
    const inserted = await db
      .insertInto('role')
      .values({
        code: role.code,
        name: role.name,
        orgAttributeName: role.orgAttributeName,
        status: role.status,
      })
      .onConflict((oc) => oc.column('code').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) continue;
    const ids = grantedIds(role.grants, perms);
    if (ids.length) {
      await db
        .insertInto('rolePermission')
        .values(ids.map((permissionId) => ({ roleId: inserted.id, permissionId })))
        .execute();
    }
  }
  const roles = new Map(
    (await db.selectFrom('role').select(['id', 'code']).execute()).map((r) => [r.code, r.id]),
  );
  // One hash for every demo account: scrypt is deliberately slow and these all share the documented password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const accounts: SeedAccount[] = [
    ...seedAccounts,
    ...generatedAccounts(options.extraEmployees ?? 240),
    ...pickerAccounts,
  ];
  // Batched: one statement for the accounts, one each for their organisations and roles.
  // Existing accounts are left untouched, and only new ones get organisations and roles.
  const inserted = await db
    .insertInto('appUser')
    .values(
      accounts.map((a) => ({
        account: a.account,
        passwordHash,
        realName: a.realName,
        phone: a.phone,
        email: a.email ?? null,
        city: a.city ?? null,
        employeeTypeName: a.employeeTypeName,
        positionName: a.positionName,
        orgId: a.homeOrg,
        abnormalLogin: a.abnormalLogin ?? false,
        pwdChangeDue: a.pwdChangeDue ?? false,
      })),
    )
    .onConflict((oc) => oc.column('account').doNothing())
    .returning(['id', 'account'])
    .execute();
  const idOf = new Map(inserted.map((u) => [u.account, u.id]));
  const fresh = accounts.filter((a) => idOf.has(a.account));
  if (fresh.length) {
    await db
      .insertInto('userOrg')
      .values(fresh.flatMap((a) => a.orgs.map((orgId) => ({ userId: idOf.get(a.account)!, orgId }))))
      .execute();
    await db
      .insertInto('userRole')
      .values(
        fresh.flatMap((a) =>
          a.roles.map((code) => ({ userId: idOf.get(a.account)!, roleId: roles.get(code)! })),
        ),
      )
      .execute();
    const orgRoles = fresh.flatMap((a) =>
      Object.entries(a.orgRoles ?? {}).flatMap(([orgId, codes]) =>
        codes.map((code) => ({
          userId: idOf.get(a.account)!,
          orgId: Number(orgId),
          roleId: roles.get(code)!,
        })),
      ),
    );
    if (orgRoles.length) await db.insertInto('userOrgRole').values(orgRoles).execute();
  }
}

/**
 * The demo documents written in TypeScript (the older lists and panels); schemas/seed holds the rest.
 * Dated relative to the anchor, like the seed files (issue 22.3).
 */
async function seedDemoDocuments(db: Database, anchor: string) {
  // Warehouse documents for the resource-engine lists (server/db/seed/resources.ts).
  await seedResources(db, anchor);
  // Printers, download-centre apps, the price list and demo messages (server/db/seed/panels.ts).
  await seedPanels(db, anchor);
  // The packer list of SPEC 7.9 (server/db/seed/packers.ts).
  await seedPackers(db, anchor);
}
