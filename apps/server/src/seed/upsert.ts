import { getTableColumns, type Db } from '@ec/db';

type Table = Parameters<Db['insert']>[0];

/**
 * Inserts `row`, or, where a row with the same `key` columns exists, sets its other columns to `row`'s values:
 * the seed writes its fixed demo rows so, and a second run restores them.
 */
export async function upsert<T extends Table>(
  db: Db,
  table: T,
  key: readonly (keyof T['$inferInsert'] & keyof T['_']['columns'] & string)[],
  row: T['$inferInsert'],
): Promise<void> {
  const columns = getTableColumns(table);
  const insert = db.insert(table).values(row);
  type Conflict = Parameters<typeof insert.onConflictDoUpdate>[0];
  const target = key.map((name) => columns[name]) as Conflict['target'];
  const set = Object.fromEntries(
    Object.entries(row).filter(([name]) => !key.includes(name as (typeof key)[number])),
  ) as Conflict['set'];
  await insert.onConflictDoUpdate({ target, set });
}
