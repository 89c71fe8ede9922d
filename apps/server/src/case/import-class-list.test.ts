import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withVinCheckDigit } from '@claims/core/vin';
import { DEMO_CASE_DIR, openTestDatabase } from '../test/test-app';
import { hashPin, importClassList, importVehicleList, pinMatches } from './import-class-list';

const PEPPER = 'test-pepper-of-at-least-32-characters!';
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let folder: string;

beforeAll(async () => {
  database = await openTestDatabase();
  folder = await mkdtemp(path.join(tmpdir(), 'claims-lists-'));
});
afterAll(async () => {
  await database.close();
  await rm(folder, { recursive: true, force: true });
});

async function writeLists(classList: string, vehicles?: string): Promise<string> {
  const caseFolder = await mkdtemp(path.join(folder, 'case-'));
  await writeFile(path.join(caseFolder, 'class-list.csv'), classList);
  if (vehicles !== undefined) await writeFile(path.join(caseFolder, 'vehicles.csv'), vehicles);
  return caseFolder;
}

const members = () =>
  database.db.selectFrom('class_members').selectAll().orderBy('notice_id').execute();

describe('PIN hashes', () => {
  it('match the right PIN and no other', () => {
    const stored = hashPin(PEPPER, 'NW12345678', '246810');
    expect(pinMatches(PEPPER, 'NW12345678', '246810', stored)).toBe(true);
    expect(pinMatches(PEPPER, 'nw12345678', '246810', stored)).toBe(true);
    expect(pinMatches(PEPPER, 'NW12345678', '246811', stored)).toBe(false);
    expect(pinMatches('another-pepper-of-at-least-32-chars', 'NW12345678', '246810', stored)).toBe(
      false,
    );
  });

  it('differ between members who share a PIN', () => {
    expect(hashPin(PEPPER, 'NW00000001', '111111')).not.toBe(
      hashPin(PEPPER, 'NW00000002', '111111'),
    );
  });
});

describe('importClassList', () => {
  it('imports the demo class list with hashed PINs and camelCase data', async () => {
    const result = await importClassList(database.db, DEMO_CASE_DIR, PEPPER);
    expect(result).toEqual({ imported: true, rows: 1200 });
    const text = await readFile(path.join(DEMO_CASE_DIR, 'class-list.csv'), 'utf8');
    const [, first] = text.split(/\r?\n/);
    const [noticeId, pin, firstName] = first!.split(',');
    const row = await database.db
      .selectFrom('class_members')
      .selectAll()
      .where('notice_id', '=', noticeId!)
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.pin_hash).not.toContain(pin);
    expect(pinMatches(PEPPER, noticeId!, pin!, row.pin_hash)).toBe(true);
    expect(JSON.parse(row.data)).toMatchObject({ firstName });
    expect(JSON.parse(row.data)).not.toHaveProperty('pin');
  });

  it('skips an unchanged list', async () => {
    const before = await database.db
      .selectFrom('imports')
      .selectAll()
      .where('name', '=', 'class-list.csv')
      .executeTakeFirstOrThrow();
    expect(await importClassList(database.db, DEMO_CASE_DIR, PEPPER)).toEqual({
      imported: false,
      rows: 1200,
    });
    const after = await database.db
      .selectFrom('imports')
      .selectAll()
      .where('name', '=', 'class-list.csv')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('applies a changed list: new PINs, new members, and members no longer listed removed', async () => {
    const caseFolder = await writeLists(
      'NoticeId,Pin,FirstName\nNW00000001,111111,Ann\nNW00000002,222222,Bo\n',
    );
    await importClassList(database.db, caseFolder, PEPPER);
    await writeFile(
      path.join(caseFolder, 'class-list.csv'),
      'NoticeId,Pin,FirstName\nNW00000002,999999,Bo\nNW00000003,333333,Cy\n',
    );
    expect(await importClassList(database.db, caseFolder, PEPPER)).toEqual({
      imported: true,
      rows: 2,
    });
    const rows = await members();
    expect(rows.map((row) => row.notice_id)).toEqual(['NW00000002', 'NW00000003']);
    expect(pinMatches(PEPPER, 'NW00000002', '999999', rows[0]!.pin_hash)).toBe(true);
  });

  it('imports the list again when its bytes change, even where parsing would not tell', async () => {
    const caseFolder = await writeLists('NoticeId,Pin,FirstName\nNW00000001,111111,Ann\n');
    await importClassList(database.db, caseFolder, PEPPER);
    await writeFile(
      path.join(caseFolder, 'class-list.csv'),
      'NoticeId,Pin,FirstName\nNW00000001,111111,Ann \n',
    );
    expect(await importClassList(database.db, caseFolder, PEPPER)).toEqual({
      imported: true,
      rows: 1,
    });
  });

  it('imports the list again under another pepper, as every PIN hash changes', async () => {
    const caseFolder = await writeLists('NoticeId,Pin\nNW00000001,111111\n');
    await importClassList(database.db, caseFolder, PEPPER);
    const pepper = 'another-pepper-of-at-least-32-characters';
    expect(await importClassList(database.db, caseFolder, pepper)).toEqual({
      imported: true,
      rows: 1,
    });
    const [row] = await members();
    expect(pinMatches(pepper, 'NW00000001', '111111', row!.pin_hash)).toBe(true);
  });

  it('imports a list of many batches and removes the members no longer listed', async () => {
    const noticeId = (id: number) => `NW${String(id).padStart(8, '0')}`;
    const list = (ids: number[]) =>
      'NoticeId,Pin\n' + ids.map((id) => `${noticeId(id)},${100000 + id}`).join('\n');
    const all = Array.from({ length: 1234 }, (_, index) => index + 1);
    const caseFolder = await writeLists(list(all));
    expect(await importClassList(database.db, caseFolder, PEPPER)).toEqual({
      imported: true,
      rows: 1234,
    });
    const kept = all.filter((id) => id % 3 === 0);
    await writeFile(path.join(caseFolder, 'class-list.csv'), list(kept));
    expect(await importClassList(database.db, caseFolder, PEPPER)).toEqual({
      imported: true,
      rows: kept.length,
    });
    const rows = await members();
    expect(rows.map((row) => row.notice_id)).toEqual(kept.map(noticeId));
    const member = rows.find((row) => row.notice_id === noticeId(999));
    expect(pinMatches(PEPPER, noticeId(999), '100999', member!.pin_hash)).toBe(true);
  });

  it('names the file and the columns when the PIN column is missing', async () => {
    const caseFolder = await writeLists('NoticeId,FirstName\nNW00000001,Ann\n');
    await expect(importClassList(database.db, caseFolder, PEPPER)).rejects.toThrow(
      `${path.join(caseFolder, 'class-list.csv')}: column "pin" is missing; the columns are noticeId, firstName`,
    );
  });

  it('names both lines of a Notice ID listed twice', async () => {
    const caseFolder = await writeLists('NoticeId,Pin\nNW00000001,111111\nnw00000001,222222\n');
    await expect(importClassList(database.db, caseFolder, PEPPER)).rejects.toThrow(
      /class-list\.csv line 3: noticeId "NW00000001" already appears on line 2/,
    );
  });

  it('names the line of a member without a PIN', async () => {
    const caseFolder = await writeLists('NoticeId,Pin\nNW00000001,\n');
    await expect(importClassList(database.db, caseFolder, PEPPER)).rejects.toThrow(
      /class-list\.csv line 2: pin is empty/,
    );
  });
});

describe('importVehicleList', () => {
  it('imports the demo vehicle list', async () => {
    expect(await importVehicleList(database.db, DEMO_CASE_DIR)).toEqual({
      imported: true,
      rows: 1500,
    });
    expect(await importVehicleList(database.db, DEMO_CASE_DIR)).toEqual({
      imported: false,
      rows: 1500,
    });
  });

  it('names the line of a VIN whose check digit is wrong', async () => {
    const good = withVinCheckDigit('1NWVRS2F0JR162080');
    const bad = good.slice(0, 8) + (good[8] === '1' ? '2' : '1') + good.slice(9);
    const caseFolder = await writeLists('NoticeId,Pin\n', `Vin,Year\n${good},2018\n${bad},2019\n`);
    await expect(importVehicleList(database.db, caseFolder)).rejects.toThrow(
      new RegExp(`vehicles\\.csv line 3: "${bad}" is not a valid VIN`),
    );
  });
});
