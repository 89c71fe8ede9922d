import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCsv } from '../../apps/server/src/case/csv';
import { parse } from 'yaml';
import {
  createBenchmarkCase,
  generateClassList,
  toCsv,
  VELOCITY_OF_THE_LOAD,
} from './benchmark-case';

const TEMPLATE = parseCsv(
  'NoticeId,Pin,FirstName,LastName\r\nNW10000001,111111,Ana,García\r\nNW10000002,222222,Wei,Chen\r\n',
);

describe('generateClassList', () => {
  it('makes as many members as asked, each with its own Notice ID in the demo format', () => {
    const list = generateClassList(TEMPLATE, 1000, 1);
    expect(list.members).toHaveLength(1000);
    expect(new Set(list.members.map((member) => member.noticeId)).size).toBe(1000);
    expect(list.members.every((member) => /^NW[0-9]{8}$/.test(member.noticeId))).toBe(true);
  });

  it('gives every member a six-digit PIN', () => {
    const list = generateClassList(TEMPLATE, 50, 1);
    expect(list.members.every((member) => /^[0-9]{6}$/.test(member.pin))).toBe(true);
  });

  it('copies the other columns from the template rows in turn', () => {
    const list = generateClassList(TEMPLATE, 3, 1);
    expect(list.members.map((member) => member.values.LastName)).toEqual([
      'García',
      'Chen',
      'García',
    ]);
  });

  it('writes the Notice ID and PIN into the row it writes to the list', () => {
    const [member] = generateClassList(TEMPLATE, 1, 1).members;
    expect(member?.values.NoticeId).toBe(member?.noticeId);
    expect(member?.values.Pin).toBe(member?.pin);
  });

  it('gives the same list for the same seed', () => {
    expect(generateClassList(TEMPLATE, 20, 5)).toEqual(generateClassList(TEMPLATE, 20, 5));
  });

  it('refuses a template without a PIN column', () => {
    expect(() => generateClassList(parseCsv('NoticeId\r\nNW10000001\r\n'), 1, 1)).toThrow(
      'the template class list has no Pin column',
    );
  });
});

describe('toCsv', () => {
  it('quotes only the fields that need it', () => {
    expect(toCsv(['a', 'b'], [{ a: 'plain', b: 'with, comma "and quote"' }])).toBe(
      'a,b\r\nplain,"with, comma ""and quote"""\r\n',
    );
  });

  it('writes text the server parses back to the same rows', () => {
    const rows = [{ NoticeId: 'NW1', Pin: '1', Note: 'line\nbreak, "quoted"' }];
    expect(
      parseCsv(toCsv(['NoticeId', 'Pin', 'Note'], rows)).rows.map((row) => row.values),
    ).toEqual(rows);
  });
});

describe('createBenchmarkCase', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  function sourceCase(): string {
    dir = mkdtempSync(path.join(tmpdir(), 'bench-case-'));
    const source = path.join(dir, 'source');
    mkdirSync(source);
    writeFileSync(
      path.join(source, 'case.yaml'),
      '# the case\ntheme: jnd-7-0-default\ncaptcha:\n  provider: Altcha\n  maxNumber: 50000\n',
    );
    writeFileSync(
      path.join(source, 'class-list.csv'),
      'NoticeId,Pin,LastName\r\nNW10000001,111111,Hill\r\n',
    );
    writeFileSync(path.join(source, 'generate.ts'), '// not part of the case\n');
    return source;
  }

  it('lowers the captcha difficulty and keeps the comments of case.yaml', () => {
    const source = sourceCase();
    const created = createBenchmarkCase({
      sourceDir: source,
      targetDir: path.join(dir!, 'out'),
      captchaMaxNumber: 1000,
    });
    const yaml = readFileSync(path.join(created.dir, 'case.yaml'), 'utf8');
    expect(yaml).toContain('maxNumber: 1000');
    expect(yaml).toContain('# the case');
  });

  it('lets one address file the whole load before its captcha gets harder', () => {
    const source = sourceCase();
    const created = createBenchmarkCase({
      sourceDir: source,
      targetDir: path.join(dir!, 'out'),
      captchaMaxNumber: 1000,
    });
    const fraud = parse(readFileSync(path.join(created.dir, 'case.yaml'), 'utf8')).fraud;
    expect(fraud.velocity).toEqual({
      ipAddress: VELOCITY_OF_THE_LOAD,
      ipNetwork: VELOCITY_OF_THE_LOAD,
    });
  });

  it('sets the theme when asked', () => {
    const source = sourceCase();
    const created = createBenchmarkCase({
      sourceDir: source,
      targetDir: path.join(dir!, 'out'),
      captchaMaxNumber: 1000,
      theme: 'ftc-7-0-default',
    });
    expect(readFileSync(path.join(created.dir, 'case.yaml'), 'utf8')).toContain(
      'theme: ftc-7-0-default',
    );
  });

  it('replaces the class list with a generated one of the size asked', () => {
    const source = sourceCase();
    const created = createBenchmarkCase({
      sourceDir: source,
      targetDir: path.join(dir!, 'out'),
      captchaMaxNumber: 1000,
      memberCount: 25,
    });
    const written = parseCsv(readFileSync(path.join(created.dir, 'class-list.csv'), 'utf8'));
    expect(written.rows).toHaveLength(25);
    expect(written.rows.map((row) => row.values.NoticeId)).toEqual(
      created.classList.members.map((member) => member.noticeId),
    );
  });

  it('keeps the source class list when no size is asked', () => {
    const source = sourceCase();
    const created = createBenchmarkCase({
      sourceDir: source,
      targetDir: path.join(dir!, 'out'),
      captchaMaxNumber: 1000,
    });
    expect(created.classList.members.map((member) => member.noticeId)).toEqual(['NW10000001']);
  });

  it('leaves the demo generator script out of the copy', () => {
    const source = sourceCase();
    const created = createBenchmarkCase({
      sourceDir: source,
      targetDir: path.join(dir!, 'out'),
      captchaMaxNumber: 1000,
    });
    expect(() => readFileSync(path.join(created.dir, 'generate.ts'))).toThrow();
  });
});
