import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from '../../../server/db/compiled-once';
import { casePlugin } from '../../../server/db/index';

interface Db {
  session: { id: number; tokenHash: string; userId: number; orgId: number | null };
}

const db = new Kysely<Db>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
  plugins: [casePlugin],
});

const built = (tokenHash: unknown, ids: number[]) =>
  db
    .selectFrom('session')
    .select(['id', 'userId'])
    .where('tokenHash', '=', tokenHash as string)
    .$if(ids.length > 0, (q) => q.where('id', 'in', ids));

// Issue 21.1: the session statement is compiled once per shape; each call only fills in its values.
describe('compiledOnce', () => {
  it('gives the SQL and parameters the builder gives, building once per database and shape', () => {
    let builds = 0;
    const statement = compiledOnce(['tokenHash'], (d: typeof db, shape, values) => {
      builds++;
      return built(values.tokenHash, shape ? shape.split(',').map(Number) : []);
    });
    for (const [token, shape, ids] of [
      ['a1', '', []],
      ['b2', '', []],
      ['c3', '4,5', [4, 5]],
      ['d4', '4,5', [4, 5]],
    ] as const) {
      const compiled = statement(db, shape, { tokenHash: token });
      const direct = built(token, [...ids]).compile();
      expect(compiled.sql).toBe(direct.sql);
      expect(compiled.parameters).toEqual(direct.parameters);
    }
    expect(builds).toBe(2);
  });

  it('refuses a value the builder did not pass as a parameter', () => {
    const statement = compiledOnce(['tokenHash'], () => built('fixed', []));
    expect(() => statement(db, '', { tokenHash: 'x' })).toThrow(/tokenHash not passed as values/);
  });
});
