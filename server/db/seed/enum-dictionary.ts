import type { Catalog } from '../../../src/schema/types';
import type { AnyDb } from '../../resources/sql/db';
import type { Database } from '../index';

/** The table of schemas/resources/dictionary.json (a resource that owns its table). */
const TABLE = 'enum_dictionary';

/**
 * Rewrites the data dictionary (issue 20.3) from schemas/enums at every start: one row per item of
 * every enumeration, in the file's order. The files are the truth and the rows only a searchable copy,
 * so the table is replaced whole in one transaction (several servers starting at once write the same
 * rows). Runs after the resource tables are synced, which creates the table.
 */
export async function syncEnumDictionary(db: Database, catalog: Catalog): Promise<number> {
  if (![...catalog.resources.values()].some((r) => r.table === TABLE)) return 0;
  const rows = [...catalog.enums.values()]
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((en) =>
      en.items.map((item, index) => ({
        enumName: en.name,
        enumTitle: en.title,
        valueType: en.valueType,
        itemValue: String(item.value),
        label: item.label,
        color: item.color ?? null,
        sort: index + 1,
      })),
    );
  await (db as AnyDb).transaction().execute(async (trx) => {
    await trx.deleteFrom(TABLE).execute();
    if (rows.length) await trx.insertInto(TABLE).values(rows).execute();
  });
  return rows.length;
}
