import { createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import { toCamelCase } from '@claims/core/text/camel-case';
import { isValidVin, normalizeVin } from '@claims/core/vin';
import type { Database } from '../db/schema';
import { CsvError, readCsvStream } from './csv';
import { CaseLoadError, CLASS_LIST_FILE, VEHICLE_LIST_FILE } from './load-case';

/**
 * Columns are named in any case (NoticeId, noticeId, NOTICE_ID is not one: no underscores)
 * and kept camelCase: the other columns of the class list are the member's prepopulated data
 * and those of the vehicle list describe the vehicle (year, make, model), keyed as the
 * case's prepopulatedDataKey values name them.
 */
export const NOTICE_ID_COLUMN = 'noticeId';
export const PIN_COLUMN = 'pin';
export const VIN_COLUMN = 'vin';

const BATCH_SIZE = 500;

/** Notice IDs are compared trimmed and upper-cased, as claimants type them either way. */
export function normalizeNoticeId(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * PINs are stored as HMAC-SHA256 under a server pepper, over the Notice ID and the PIN.
 * A PIN is a few digits: a per-row salted slow hash (scrypt) would still let anyone with a
 * copy of the database try every PIN of a row in seconds, and would make importing a large
 * class list take minutes. The pepper lives outside the database (DATA_DIR or PIN_PEPPER),
 * so a stolen database alone reveals nothing; online guessing is bounded by the lockout.
 * The Notice ID in the input keeps equal PINs from having equal hashes.
 */
export function hashPin(pepper: string, noticeId: string, pin: string): string {
  return createHmac('sha256', pepper)
    .update(`${normalizeNoticeId(noticeId)}\u0000${pin.trim()}`)
    .digest('hex');
}

/** Constant-time comparison of a PIN with its stored hash. */
export function pinMatches(
  pepper: string,
  noticeId: string,
  pin: string,
  storedHash: string,
): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashPin(pepper, noticeId, pin), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

interface ListRow {
  key: string;
  values: Record<string, string>;
}

/**
 * Part of every fingerprint: a change to how the lists' rows are stored must change it, so
 * that existing databases import their lists again.
 */
const IMPORT_FORMAT = 'list-import-2';

/** A keyed HMAC of the file's bytes, read as a stream (lists can be millions of rows). */
async function fingerprintOf(file: string, key: string): Promise<string> {
  const hmac = createHmac('sha256', key).update(`${IMPORT_FORMAT}\u0000`);
  try {
    for await (const chunk of createReadStream(file)) hmac.update(chunk as Buffer);
  } catch (error) {
    throw new CaseLoadError(`${file}: cannot read the list (${(error as Error).message})`);
  }
  return hmac.digest('hex');
}

interface ListSource {
  file: string;
  /** camelCase column names. */
  required: readonly string[];
  keyColumn: string;
  normalize: (value: string) => string;
  check: (key: string, line: number, values: Record<string, string>) => void;
}

/**
 * The list's rows, keyed and checked, in batches, read from the file as a stream. `listed`
 * collects every key with its line, to find a key listed twice and, afterwards, the rows that
 * are no longer listed.
 */
async function* keyedBatches(
  source: ListSource,
  listed: Map<string, number>,
): AsyncGenerator<ListRow[]> {
  const { file, keyColumn } = source;
  let stream;
  try {
    stream = await readCsvStream(createReadStream(file, { encoding: 'utf8' }));
  } catch (error) {
    throw listError(file, error);
  }
  const header = stream.header.map(toCamelCase);
  const duplicate = header.find((column, index) => header.indexOf(column) !== index);
  if (duplicate !== undefined) {
    throw new CaseLoadError(`${file}: two columns are both named "${duplicate}" once camelCased`);
  }
  for (const column of source.required) {
    if (!header.includes(column)) {
      throw new CaseLoadError(
        `${file}: column "${column}" is missing; the columns are ${header.join(', ')}`,
      );
    }
  }
  let batch: ListRow[] = [];
  try {
    for await (const row of stream.rows) {
      const values: Record<string, string> = {};
      stream.header.forEach((column, index) => {
        values[header[index] as string] = row.values[column] as string;
      });
      const key = source.normalize(values[keyColumn] ?? '');
      if (key === '') throw new CaseLoadError(`${file} line ${row.line}: ${keyColumn} is empty`);
      source.check(key, row.line, values);
      const earlier = listed.get(key);
      if (earlier !== undefined) {
        throw new CaseLoadError(
          `${file} line ${row.line}: ${keyColumn} "${key}" already appears on line ${earlier}`,
        );
      }
      listed.set(key, row.line);
      batch.push({ key, values });
      if (batch.length === BATCH_SIZE) {
        yield batch;
        batch = [];
      }
    }
  } catch (error) {
    throw listError(file, error);
  }
  if (batch.length > 0) yield batch;
}

function listError(file: string, error: unknown): unknown {
  if (error instanceof CsvError) return new CaseLoadError(`${file}: ${error.message}`);
  if ((error as NodeJS.ErrnoException).code !== undefined) {
    return new CaseLoadError(`${file}: cannot read the list (${(error as Error).message})`);
  }
  return error;
}

function dataOf(values: Record<string, string>, omit: readonly string[]): string {
  const data: Record<string, string> = {};
  for (const [column, value] of Object.entries(values)) {
    if (!omit.includes(column)) data[column] = value;
  }
  return JSON.stringify(data);
}

/** The stored import of the list; undefined when none has been recorded. */
async function previousImport(
  db: Kysely<Database>,
  name: string,
): Promise<{ fingerprint: string; row_count: number } | undefined> {
  return db
    .selectFrom('imports')
    .select(['fingerprint', 'row_count'])
    .where('name', '=', name)
    .executeTakeFirst();
}

async function recordImport(
  trx: Transaction<Database>,
  name: string,
  fingerprint: string,
  rowCount: number,
): Promise<void> {
  const values = { fingerprint, row_count: rowCount, imported_at: new Date().toISOString() };
  await trx
    .insertInto('imports')
    .values({ name, ...values })
    .onConflict((conflict) => conflict.column('name').doUpdateSet(values))
    .execute();
}

/** Visits every stored key in pages, in key order, so no list is held in memory whole. */
async function* storedKeyPages(
  trx: Transaction<Database>,
  table: 'class_members' | 'vehicles',
): AsyncGenerator<string[]> {
  const column = table === 'class_members' ? 'notice_id' : 'vin';
  let after = '';
  for (;;) {
    const page = await trx
      .selectFrom(table)
      .select(sql<string>`${sql.ref(column)}`.as('key'))
      .where(sql.ref(column), '>', after)
      .orderBy(sql.ref(column))
      .limit(BATCH_SIZE)
      .execute();
    if (page.length === 0) return;
    yield page.map((row) => row.key);
    after = (page[page.length - 1] as { key: string }).key;
  }
}

export interface ImportResult {
  imported: boolean;
  rows: number;
}

/**
 * Loads the class list into class_members. Idempotent: an unchanged file (same bytes, same
 * pepper) is skipped after hashing its bytes, without parsing it; a changed one is read as a
 * stream and upserted in batches inside one transaction, and members no longer listed are
 * removed.
 */
export async function importClassList(
  db: Kysely<Database>,
  caseFolder: string,
  pepper: string,
): Promise<ImportResult> {
  const file = path.join(caseFolder, CLASS_LIST_FILE);
  const fingerprint = await fingerprintOf(file, pepper);
  const previous = await previousImport(db, CLASS_LIST_FILE);
  if (previous?.fingerprint === fingerprint) return { imported: false, rows: previous.row_count };
  const source: ListSource = {
    file,
    required: [NOTICE_ID_COLUMN, PIN_COLUMN],
    keyColumn: NOTICE_ID_COLUMN,
    normalize: normalizeNoticeId,
    check: (_key, line, values) => {
      if ((values[PIN_COLUMN] ?? '') === '') {
        throw new CaseLoadError(`${file} line ${line}: ${PIN_COLUMN} is empty`);
      }
    },
  };
  const listed = new Map<string, number>();
  await db.transaction().execute(async (trx) => {
    for await (const rows of keyedBatches(source, listed)) {
      await trx
        .insertInto('class_members')
        .values(
          rows.map((row) => ({
            notice_id: row.key,
            pin_hash: hashPin(pepper, row.key, row.values[PIN_COLUMN] as string),
            data: dataOf(row.values, [NOTICE_ID_COLUMN, PIN_COLUMN]),
          })),
        )
        .onConflict((conflict) =>
          conflict.column('notice_id').doUpdateSet((eb) => ({
            pin_hash: eb.ref('excluded.pin_hash'),
            data: eb.ref('excluded.data'),
          })),
        )
        .execute();
    }
    for await (const keys of storedKeyPages(trx, 'class_members')) {
      const stale = keys.filter((key) => !listed.has(key));
      if (stale.length > 0) {
        await trx.deleteFrom('class_members').where('notice_id', 'in', stale).execute();
      }
    }
    await recordImport(trx, CLASS_LIST_FILE, fingerprint, listed.size);
  });
  return { imported: true, rows: listed.size };
}

/** Loads the eligible-vehicle list into vehicles; idempotent like importClassList. */
export async function importVehicleList(
  db: Kysely<Database>,
  caseFolder: string,
): Promise<ImportResult> {
  const file = path.join(caseFolder, VEHICLE_LIST_FILE);
  const fingerprint = await fingerprintOf(file, 'vehicles');
  const previous = await previousImport(db, VEHICLE_LIST_FILE);
  if (previous?.fingerprint === fingerprint) return { imported: false, rows: previous.row_count };
  const source: ListSource = {
    file,
    required: [VIN_COLUMN],
    keyColumn: VIN_COLUMN,
    normalize: normalizeVin,
    check: (vin, line) => {
      if (!isValidVin(vin)) {
        throw new CaseLoadError(
          `${file} line ${line}: "${vin}" is not a valid VIN (17 letters or digits without I, O or Q, with a correct check digit)`,
        );
      }
    },
  };
  const listed = new Map<string, number>();
  await db.transaction().execute(async (trx) => {
    for await (const rows of keyedBatches(source, listed)) {
      await trx
        .insertInto('vehicles')
        .values(rows.map((row) => ({ vin: row.key, data: dataOf(row.values, [VIN_COLUMN]) })))
        .onConflict((conflict) =>
          conflict.column('vin').doUpdateSet((eb) => ({ data: eb.ref('excluded.data') })),
        )
        .execute();
    }
    for await (const keys of storedKeyPages(trx, 'vehicles')) {
      const stale = keys.filter((key) => !listed.has(key));
      if (stale.length > 0) await trx.deleteFrom('vehicles').where('vin', 'in', stale).execute();
    }
    await recordImport(trx, VEHICLE_LIST_FILE, fingerprint, listed.size);
  });
  return { imported: true, rows: listed.size };
}
