import { spawnSync } from 'node:child_process';
import { liveFromPlan, diffTables, type LiveTable } from '../../src/schema/tables/diff';
import { ownedTablePlans } from '../../src/schema/tables/plan';
import type { ResourceDef } from '../../src/schema/types';
import type { LintContext } from './context';

type Resources = { file: string; resource: ResourceDef }[];

const git = (dir: string, args: string[]) => {
  const run = spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return run.status === 0 ? run.stdout : undefined;
};

/**
 * The resource files of `dir` (a schemas folder) as the last commit holds them, or undefined when the
 * folder is not in a git work tree with a commit (a copy in a temporary folder, a tarball).
 */
export function committedResources(dir: string): Resources | undefined {
  const prefix = git(dir, ['rev-parse', '--show-prefix'])?.trim();
  if (prefix === undefined || git(dir, ['rev-parse', '--verify', '-q', 'HEAD']) === undefined)
    return undefined;
  const listed = git(dir, ['ls-tree', '-r', '--name-only', '--full-name', 'HEAD', '--', 'resources/']);
  if (listed === undefined) return undefined;
  const out: Resources = [];
  for (const full of listed.split('\n').filter((f) => f.endsWith('.json'))) {
    const text = git(dir, ['show', `HEAD:${full}`]);
    if (text === undefined) continue;
    try {
      out.push({ file: full.slice(prefix.length), resource: JSON.parse(text) as ResourceDef });
    } catch {
      // A file the last commit could not parse has no tables to compare with.
    }
  }
  return out;
}

/**
 * Issue 12.4: a change to a table a resource owns that a start would refuse (a column dropped, a type
 * narrowed or changed, NOT NULL added) is reported by the lint too, before anyone starts a server on a
 * database made from the last commit: the tables planned from the files being edited are compared with
 * those planned from the committed files, by the same diff the start runs against the live database.
 * The start's own refusal stays the guard for databases made from older commits.
 */
export function checkTableChanges(ctx: LintContext, baseline = committedResources(ctx.dir)): void {
  if (!baseline) return;
  const previous = new Map<string, LiveTable>();
  try {
    for (const plan of ownedTablePlans(baseline)) previous.set(plan.table, liveFromPlan(plan));
  } catch {
    return; // The committed files were not sound: nothing trustworthy to compare with.
  }
  const current = ownedTablePlans(
    [...ctx.catalog.resources.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((resource) => ({ file: `resources/${resource.name}.json`, resource })),
  ).filter((plan) => previous.has(plan.table));
  for (const p of diffTables(current, previous).problems)
    ctx.add(
      p.file,
      p.path,
      `changed since the last commit, ${p.message.replace(/in the database/g, 'in the committed file')}`,
    );
}
