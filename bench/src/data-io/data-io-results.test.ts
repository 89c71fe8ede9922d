import { describe, expect, it } from 'vitest';
import {
  dataIoChecks,
  mergeRuns,
  readDataIoRuns,
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
  loadWindow: { limitSeconds: 60, seconds: 61.4, rows: 400_000, wholeImport: false },
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

const POSTGRES: DatabaseFigures = {
  ...SQLITE,
  database: 'PostgreSQL',
  import: { ...SQLITE.import, seconds: 400 },
  loadWindow: { limitSeconds: 60, seconds: 62, rows: 31_000, wholeImport: false },
};

const line = (checks: ReturnType<typeof dataIoChecks>, figure: string) =>
  checks.find((check) => check.figure === figure);

describe('dataIoChecks', () => {
  it('judges the authorize load during the window against the load without one', () => {
    expect(
      line(dataIoChecks(SQLITE), "SQLite: authorize during the import's first 61 s vs without"),
    ).toEqual({
      figure: "SQLite: authorize during the import's first 61 s vs without",
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
    const check = line(checks, "SQLite: authorize during the import's first 61 s vs without");
    expect(check?.met).toBeNull();
    expect(check?.measured).toMatch(/^not measured/);
  });

  it('judges an export by its rate and by its memory above the baseline', () => {
    const checks = dataIoChecks(SQLITE);
    expect(line(checks, 'SQLite: CSV export')).toMatchObject({
      measured: '25,000 claims/s (1,000,000 claims, 800 MB in 40.0 s)',
      met: true,
    });
    expect(
      line(checks, 'SQLite: CSV export, peak RSS of its process above its size before'),
    ).toMatchObject({
      measured: '80 MB (300 MB before, peak 380 MB)',
      target: '≤ 200 MB',
      met: true,
    });
  });

  it("reports the import's rate under the load over the window, without a target", () => {
    expect(
      line(
        dataIoChecks(SQLITE),
        'SQLite: class-list import, its first 61 s, under the authorize load',
      ),
    ).toMatchObject({ measured: '6,515 rows/s (400,000 rows read in 61.4 s)', met: null });
  });

  it("reports the import's whole rate, saying how long the load ran", () => {
    expect(
      line(
        dataIoChecks(SQLITE),
        'SQLite: class-list import, whole (the load ran its first 61 s only)',
      ),
    ).toMatchObject({
      measured: '20,000 rows/s (1,000,000 rows in 50.0 s, 0 refused)',
      met: null,
    });
  });

  it('reports one import rate when the whole import ran under the load', () => {
    const checks = dataIoChecks({
      ...SQLITE,
      loadWindow: { limitSeconds: 60, seconds: 50, rows: 1_000_000, wholeImport: true },
    });
    expect(checks.filter((check) => check.figure.includes('class-list import'))).toEqual([
      {
        figure: 'SQLite: class-list import, all of it under the authorize load',
        measured: '20,000 rows/s (1,000,000 rows in 50.0 s, 0 refused)',
        target: '—',
        met: null,
      },
    ]);
    expect(line(checks, 'SQLite: authorize during the whole import vs without')?.met).toBe(false);
  });

  it('fails a queue page slower than the target', () => {
    const checks = dataIoChecks({ ...SQLITE, queue: { ...SQLITE.queue, p95Ms: 250 } });
    expect(line(checks, 'SQLite: claim queue page, p95')?.met).toBe(false);
  });
});

describe('renderDataIoSection', () => {
  it('writes each figure with its target and result, and the run it belongs to', () => {
    const section = renderDataIoSection([FIGURES]);
    expect(section.startsWith(`${SECTION_START}\n## Data in and out at scale (issue 16)`)).toBe(
      true,
    );
    expect(section).toContain('- Commit: abc123');
    expect(section).toContain('- Load average (1 min) before the run: 0.42');
    expect(section).toContain('- N: 1,000,000 class members imported, 1,000,000 claims exported');
    expect(section).toContain(
      "| SQLite: authorize during the import's first 61 s vs without | 67 % (256 vs 384 req/s; p99 150 vs 90 ms) | ≥ 70 % | **FAIL** |",
    );
    expect(section).toContain(
      '| SQLite: claim queue page, p95 | 60.0 ms (p50 40.0 ms, 100 requests, 560,000 matching) | ≤ 200 ms | pass |',
    );
    expect(section.trimEnd().endsWith(SECTION_END)).toBe(true);
  });

  it('says how long the load ran during the import', () => {
    expect(renderDataIoSection([FIGURES])).toContain(
      "During the import the load runs from the import's start for at most 60 s (DATA_IO_LOAD_WINDOW_SECONDS)",
    );
  });

  it('names the run of each engine when the engines come from different runs', () => {
    const later = { ...FIGURES, date: '2026-11-26T00:00:00.000Z', commit: 'def456' };
    const postgres = { ...POSTGRES, loadWindow: { ...POSTGRES.loadWindow, limitSeconds: 30 } };
    const section = renderDataIoSection([{ ...later, databases: [postgres] }, FIGURES]);
    expect(section).toContain(
      '- SQLite: started 2026-11-25T00:00:00.000Z on test machine, commit abc123',
    );
    expect(section).toContain(
      '- PostgreSQL: started 2026-11-26T00:00:00.000Z on test machine, commit def456',
    );
    expect(section).not.toContain('- Commit:');
    expect(section).toContain('for at most 60 s (SQLite), 30 s (PostgreSQL) (DATA_IO');
    expect(section.indexOf('| SQLite: claim queue')).toBeLessThan(
      section.indexOf('| PostgreSQL: claim queue'),
    );
  });

  it('keeps the figures it shows, to be read back, an end of comment in them too', () => {
    const runs = [FIGURES, { ...FIGURES, commit: 'a --> b', databases: [POSTGRES] }];
    const results = withDataIoSection('# Results\n', renderDataIoSection(runs));
    expect(readDataIoRuns(results)).toEqual(runs);
  });
});

describe('readDataIoRuns', () => {
  it('reads no runs from results without a section', () => {
    expect(readDataIoRuns('# Results\n')).toEqual([]);
  });

  it('reads no runs from a section that keeps no figures', () => {
    expect(readDataIoRuns(`${SECTION_START}\n| SQLite: x | y |\n${SECTION_END}\n`)).toEqual([]);
  });
});

describe('mergeRuns', () => {
  const earlier: DataIoFigures = { ...FIGURES, commit: 'old', databases: [SQLITE, POSTGRES] };

  it("keeps an earlier run's engines that the latest run did not measure", () => {
    const latest: DataIoFigures = { ...FIGURES, commit: 'new', databases: [POSTGRES] };
    expect(mergeRuns([earlier], latest)).toEqual([{ ...earlier, databases: [SQLITE] }, latest]);
  });

  it('drops an earlier run whose engines the latest run all measured again', () => {
    const latest: DataIoFigures = { ...FIGURES, commit: 'new', databases: [SQLITE, POSTGRES] };
    expect(mergeRuns([earlier], latest)).toEqual([latest]);
  });

  it('puts the run with SQLite first', () => {
    const latest: DataIoFigures = { ...FIGURES, commit: 'new', databases: [SQLITE] };
    expect(mergeRuns([earlier], latest).map((run) => run.commit)).toEqual(['new', 'old']);
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
