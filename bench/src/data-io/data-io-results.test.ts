import { describe, expect, it } from 'vitest';
import {
  dataIoChecks,
  renderDataIoSection,
  SECTION_END,
  SECTION_START,
  withDataIoSection,
  type DatabaseFigures,
  type DataIoFigures,
} from './data-io-results';

const SQLITE: DatabaseFigures = {
  database: 'SQLite',
  import: { rows: 1_000_000, refused: 0, seconds: 50, baselineRssMb: 180, peakRssMb: 260 },
  authorize: {
    alone: { requests: 768, seconds: 2, p99Ms: 90 },
    duringImport: { requests: 512, seconds: 2, p99Ms: 150 },
  },
  seedSeconds: 60,
  exports: [
    {
      format: 'CSV',
      claims: 1_000_000,
      seconds: 40,
      bytes: 800 * 1024 ** 2,
      baselineRssMb: 300,
      peakRssMb: 380,
    },
  ],
  queue: {
    request: '/admin/api/claims?status=received&formType=Standard&page=50&pageSize=50',
    matching: 560_000,
    requests: 100,
    p50Ms: 40,
    p95Ms: 60,
  },
};

const FIGURES: DataIoFigures = {
  date: '2026-11-25T00:00:00.000Z',
  machine: 'test machine',
  commit: 'abc123',
  loadAverageBefore: 0.42,
  members: 1_000_000,
  claims: 1_000_000,
  databases: [SQLITE],
};

const line = (checks: ReturnType<typeof dataIoChecks>, figure: string) =>
  checks.find((check) => check.figure === figure);

describe('dataIoChecks', () => {
  it('judges the authorize load during the import against the load without one', () => {
    expect(line(dataIoChecks(SQLITE), 'SQLite: authorize during the import vs without')).toEqual({
      figure: 'SQLite: authorize during the import vs without',
      measured: '67 % (256 vs 384 req/s; p99 150 vs 90 ms)',
      target: '≥ 70 %',
      met: false,
    });
  });

  it('says the authorize ratio was not measured when no round ran during the import', () => {
    const checks = dataIoChecks({
      ...SQLITE,
      authorize: { ...SQLITE.authorize, duringImport: null },
    });
    const check = line(checks, 'SQLite: authorize during the import vs without');
    expect(check?.met).toBeNull();
    expect(check?.measured).toMatch(/^not measured/);
  });

  it('judges an export by its rate and by its memory above the baseline', () => {
    const checks = dataIoChecks(SQLITE);
    expect(line(checks, 'SQLite: CSV export')).toMatchObject({
      measured: '25,000 claims/s (1,000,000 claims, 800 MB in 40.0 s)',
      met: true,
    });
    expect(line(checks, 'SQLite: CSV export, peak RSS above the baseline')).toMatchObject({
      measured: '80 MB (peak 380 MB)',
      target: '≤ 200 MB',
      met: true,
    });
  });

  it('reports the import rate without a target', () => {
    expect(
      line(dataIoChecks(SQLITE), 'SQLite: class-list import, under the authorize load'),
    ).toMatchObject({
      measured: '20,000 rows/s (1,000,000 rows in 50.0 s, 0 refused)',
      met: null,
    });
  });

  it('fails a queue page slower than the target', () => {
    const checks = dataIoChecks({ ...SQLITE, queue: { ...SQLITE.queue, p95Ms: 250 } });
    expect(line(checks, 'SQLite: claim queue page, p95')?.met).toBe(false);
  });
});

describe('renderDataIoSection', () => {
  it('writes each figure with its target and result, and the run it belongs to', () => {
    const section = renderDataIoSection(FIGURES);
    expect(section.startsWith(`${SECTION_START}\n## Data in and out at scale (issue 16)`)).toBe(
      true,
    );
    expect(section).toContain('- Commit: abc123');
    expect(section).toContain('- Load average (1 min) before the run: 0.42');
    expect(section).toContain('- N: 1,000,000 class members imported, 1,000,000 claims exported');
    expect(section).toContain(
      '| SQLite: authorize during the import vs without | 67 % (256 vs 384 req/s; p99 150 vs 90 ms) | ≥ 70 % | **FAIL** |',
    );
    expect(section).toContain(
      '| SQLite: claim queue page, p95 | 60.0 ms (p50 40.0 ms, 100 requests, 560,000 matching) | ≤ 200 ms | pass |',
    );
    expect(section.trimEnd().endsWith(SECTION_END)).toBe(true);
  });
});

describe('withDataIoSection', () => {
  it('adds the section at the end of results that have none', () => {
    expect(withDataIoSection('# Results\n', 'SECTION\n')).toBe('# Results\n\nSECTION\n');
  });

  it('replaces the section of an earlier run and keeps the rest', () => {
    const before = `# Results\n\n${SECTION_START}\nold\n${SECTION_END}\n\n## After\n`;
    const after = withDataIoSection(before, `${SECTION_START}\nnew\n${SECTION_END}\n`);
    expect(after).toBe(`# Results\n\n${SECTION_START}\nnew\n${SECTION_END}\n\n## After\n`);
  });
});
