import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTableChanges, committedResources } from '../../../scripts/lint-schemas/check-table-changes';
import { staticLint } from '../../../scripts/lint-schemas/lint';
import { schemasCopy } from './copy';

/** A copy of schemas/ committed in a git repository of its own, then edited like a working tree. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests edit schema files freely
function committedCopy(edits: Record<string, (data: Record<string, any>) => void>): string {
  const dir = schemasCopy();
  const root = path.dirname(dir);
  const git = (...args: string[]) => {
    const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-C', root, ...args]);
    expect(run.status, run.stderr?.toString()).toBe(0);
  };
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'schemas');
  for (const [file, edit] of Object.entries(edits)) {
    const full = path.join(dir, file);
    const data = JSON.parse(fs.readFileSync(full, 'utf8'));
    edit(data);
    fs.writeFileSync(full, JSON.stringify(data, null, 2));
  }
  return dir;
}

const problemsOf = (dir: string) => {
  const ctx = staticLint(dir);
  expect(ctx.problems).toEqual([]);
  checkTableChanges(ctx);
  return ctx.problems;
};

// Issue 12.4: a change to an owned table that a start would refuse is refused by the lint as well,
// naming the file and field and what to do, before a server meets a database made from the last commit.
describe('schema lint: table changes against the last commit', () => {
  it('refuses a narrowed column and a newly required one, naming file, field and the way out', () => {
    const dir = committedCopy({
      'resources/supplier.json': (r) => {
        r.fields.name.maxLength = 20;
        // An optional field made required: rows of the committed table may hold no value.
        delete r.fields.shortName.nullable;
        r.required.push('shortName');
      },
    });
    const problems = problemsOf(dir);
    expect(problems).toContainEqual({
      file: 'schemas/resources/supplier.json',
      path: '/fields/name',
      message: expect.stringMatching(
        /^changed since the last commit, column "supplier\.name" is varchar\(100\) in the committed file and varchar\(20\) in the file: .*write a migration/,
      ),
    });
    expect(problems).toContainEqual({
      file: 'schemas/resources/supplier.json',
      path: '/fields/shortName',
      message: expect.stringContaining(
        'column "supplier.short_name" allows empty values in the committed file and the file now requires it',
      ),
    });
    expect(problems).toHaveLength(2);
  }, 60_000);

  it('passes additive changes: a wider column and a new optional field', () => {
    const dir = committedCopy({
      'resources/supplier.json': (r) => {
        r.fields.name.maxLength = 200;
        r.fields.nickName = { type: 'string', title: '昵称', maxLength: 20, nullable: true };
      },
    });
    expect(problemsOf(dir)).toEqual([]);
  }, 60_000);

  it('has nothing to compare with outside a git work tree', () => {
    expect(committedResources(schemasCopy())).toBeUndefined();
  });
});
