import { type Kysely, sql } from 'kysely';

/**
 * Runs a block of DDL one statement at a time: PGlite's extended-protocol query (what Kysely uses)
 * accepts a single statement, node-postgres would accept several. Statements are split on ';' at
 * line ends, so a ';' inside a comment or string must not end a line.
 */
export async function runStatements(db: Kysely<unknown>, block: string): Promise<void> {
  const statements = block
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
  for (const statement of statements) await sql.raw(statement).execute(db);
}
