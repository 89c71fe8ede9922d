import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app';
import { PreparedStatements } from './prepared-statements';

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

describe('PreparedStatements', () => {
  it('builds each shape once and runs it with the arguments of each run', async () => {
    const statements = new PreparedStatements<{ a: string; b: string; c: string }>();
    let builds = 0;
    const run = (args: string[]) =>
      statements.execute(database.db, 'three', args, (arg) => {
        builds += 1;
        return sql<{
          a: string;
          b: string;
          c: string;
        }>`select ${arg(1)} as a, ${'fixed'} as b, ${arg(0)} as c`.compile(database.db);
      });
    expect((await run(['first', 'second'])).rows).toEqual([
      { a: 'second', b: 'fixed', c: 'first' },
    ]);
    expect((await run(['third', 'fourth'])).rows).toEqual([
      { a: 'fourth', b: 'fixed', c: 'third' },
    ]);
    expect(builds).toBe(1);
  });

  it('keeps one statement per shape, and runs in the transaction it is given', async () => {
    const statements = new PreparedStatements<{ n: number | string }>();
    const count = (db: typeof database.db, values: string[]) =>
      statements.execute(db, String(values.length), values, (arg) =>
        sql<{ n: number | string }>`select count(*) as n from (${sql.join(
          values.map((_, index) => sql`select ${arg(index)} as v`),
          sql` union all `,
        )}) as listed`.compile(db),
      );
    await database.db.transaction().execute(async (trx) => {
      expect(Number((await count(trx, ['a'])).rows[0]?.n)).toBe(1);
      expect(Number((await count(trx, ['a', 'b', 'c'])).rows[0]?.n)).toBe(3);
    });
    expect(Number((await count(database.db, ['x', 'y'])).rows[0]?.n)).toBe(2);
  });
});
