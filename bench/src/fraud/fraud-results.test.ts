import { describe, expect, it } from 'vitest';
import {
  renderFraudSection,
  SECTION_END,
  SECTION_START,
  withFraudSection,
  type FraudFigures,
} from './fraud-results';

const FIGURES: FraudFigures = {
  date: '2026-11-24T22:00:00.000Z',
  machine: 'test machine',
  organic: 200,
  attacks: { 'one-address': { claims: 20, heldOrReviewed: 20 } },
  organicHeld: 1,
  organicReviewed: 10,
  scoringMs: { mean: 1.2, p99: 3.4 },
  pureScoringMs: 0.01,
  throughput: { on: 96, off: 100, claims: 100, perRound: 25, concurrency: 8 },
};

describe('renderFraudSection', () => {
  it('judges each figure against its target', () => {
    const section = renderFraudSection(FIGURES);
    expect(section).toContain(
      '| attack claims held or sent to review | 100.0 % (20 of 20) | ≥ 95 % | pass |',
    );
    expect(section).toContain('| organic claims held | 0.5 % (1 of 200) | ≤ 1 % | pass |');
    expect(section).toContain('96 % (96.0 vs 100.0 claims/s) | ≥ 95 % | pass |');
  });

  it('names the decisions of the throughput claims when the run counted them', () => {
    expect(renderFraudSection(FIGURES)).toContain('an IP address of their own.');
    const section = renderFraudSection({
      ...FIGURES,
      throughput: { ...FIGURES.throughput, decisions: { pass: 100 } },
    });
    expect(section).toContain('the decisions of those filed with scoring on: 100 pass.');
  });

  it('marks a missed target', () => {
    const section = renderFraudSection({ ...FIGURES, organicHeld: 10 });
    expect(section).toContain('| organic claims held | 5.0 % (10 of 200) | ≤ 1 % | **FAIL** |');
  });
});

describe('withFraudSection', () => {
  it('adds the section at the end of results that have none', () => {
    expect(withFraudSection('# Results\n', 'SECTION\n')).toBe('# Results\n\nSECTION\n');
  });

  it('replaces the section of an earlier run and keeps the rest', () => {
    const before = `# Results\n\n${SECTION_START}\nold\n${SECTION_END}\n\n## After\n`;
    const after = withFraudSection(before, `${SECTION_START}\nnew\n${SECTION_END}\n`);
    expect(after).toBe(`# Results\n\n${SECTION_START}\nnew\n${SECTION_END}\n\n## After\n`);
  });
});
