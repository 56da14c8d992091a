import type { Kysely, Transaction } from 'kysely';

/**
 * The engine builds queries from schema files, so table and column names are only known at run time.
 * Kysely still quotes every identifier and binds every value; names come from meta-validated files and
 * request values only ever pick among allow-listed names (request-schemas.ts), never reach SQL text.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic tables (see above)
export type AnyDb = Kysely<any> | Transaction<any>;

/** The typed database seen through the dynamic lens. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic tables (see above)
export const dynamic = (db: unknown) => db as Kysely<any>;
