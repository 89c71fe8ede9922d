/**
 * The fraud simulation's section of bench/RESULTS.md, between markers, so that a run of the
 * simulation replaces only its own section and the capacity run's figures stay as they are.
 */

export const SECTION_START = '<!-- fraud-simulation:start -->';
export const SECTION_END = '<!-- fraud-simulation:end -->';

export interface FraudFigures {
  date: string;
  machine: string;
  organic: number;
  attacks: Record<string, { claims: number; heldOrReviewed: number }>;
  organicHeld: number;
  organicReviewed: number;
  /** Per claim: the server's scoring (its reads of other claims included), in ms. */
  scoringMs: { mean: number; p99: number };
  /** The pure score of core alone, in ms per claim. */
  pureScoringMs: number;
  /** Claims per second with the fraud step on and off; `claims` per side, in rounds of `perRound`. */
  throughput: {
    on: number;
    off: number;
    claims: number;
    perRound: number;
    concurrency: number;
    /** The decisions of the claims filed with the fraud step on, by decision. */
    decisions?: Record<string, number>;
  };
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)} %`;
const verdict = (met: boolean) => (met ? 'pass' : '**FAIL**');

export function renderFraudSection(figures: FraudFigures): string {
  const attackClaims = Object.values(figures.attacks).reduce((sum, a) => sum + a.claims, 0);
  const caught = Object.values(figures.attacks).reduce((sum, a) => sum + a.heldOrReviewed, 0);
  const caughtShare = attackClaims === 0 ? 0 : caught / attackClaims;
  const heldShare = figures.organic === 0 ? 0 : figures.organicHeld / figures.organic;
  const ratio = figures.throughput.off === 0 ? 0 : figures.throughput.on / figures.throughput.off;
  const decisions = Object.entries(figures.throughput.decisions ?? {})
    .map(([decision, claims]) => `${claims} ${decision}`)
    .join(', ');
  const lines = [
    SECTION_START,
    '## Fraud screening (issue 19)',
    '',
    'Written by `npm run bench:fraud` (bench/src/fraud): organic claimants and scripted attacks ' +
      'filed through the real API of an in-process server on SQLite over HTTP, each claimant at ' +
      'its own address (X-Forwarded-For, TRUST_PROXY) with its own browser cookies, the ' +
      "server's clock moved by each claimant's pace. Figures of one run on one machine.",
    '',
    `- Date: ${figures.date}`,
    `- Machine: ${figures.machine}`,
    `- Claimants: ${figures.organic} organic, ${attackClaims} in attacks`,
    '',
    '| figure | measured | target | result |',
    '| --- | --- | --- | --- |',
    `| attack claims held or sent to review | ${percent(caught, attackClaims)} (${caught} of ${attackClaims}) | ≥ 95 % | ${verdict(caughtShare >= 0.95)} |`,
    `| organic claims held | ${percent(figures.organicHeld, figures.organic)} (${figures.organicHeld} of ${figures.organic}) | ≤ 1 % | ${verdict(heldShare <= 0.01)} |`,
    `| scoring time per claim (the server's reads of other claims, the score and the write of the assessment, mean; p99 ${figures.scoringMs.p99.toFixed(2)} ms) | ${figures.scoringMs.mean.toFixed(2)} ms | ≤ 2 ms | ${verdict(figures.scoringMs.mean <= 2)} |`,
    `| submission throughput, scoring on vs off | ${(100 * ratio).toFixed(0)} % (${figures.throughput.on.toFixed(1)} vs ${figures.throughput.off.toFixed(1)} claims/s) | ≥ 95 % | ${verdict(ratio >= 0.95)} |`,
    '',
    `Organic claims sent to review (not held): ${percent(figures.organicReviewed, figures.organic)}. ` +
      `The pure score of packages/core alone takes ${figures.pureScoringMs.toFixed(4)} ms per claim. ` +
      `Throughput: ${figures.throughput.claims} submissions per side, in alternating rounds of ` +
      `${figures.throughput.perRound}, ${figures.throughput.concurrency} at once, sessions authorized ` +
      'beforehand and the re-scoring jobs of earlier rounds done before each round; "off" skips ' +
      'the fraud step of the submit (its reads before the transaction and its writes in it). ' +
      "Its claimants are class members generated for it after the demo's (bench/src/fraud/" +
      'fraud-case.ts), each with a name, address, e-mail, phone and VIN of their own and an IP ' +
      'address of their own' +
      (decisions === '' ? '.' : `; the decisions of those filed with scoring on: ${decisions}.`),
    '',
    '| attack | claims | held or reviewed |',
    '| --- | --- | --- |',
    ...Object.entries(figures.attacks).map(
      ([kind, a]) => `| ${kind} | ${a.claims} | ${percent(a.heldOrReviewed, a.claims)} |`,
    ),
    SECTION_END,
  ];
  return `${lines.join('\n')}\n`;
}

/** RESULTS.md with the section put in place of the one before, or added at its end. */
export function withFraudSection(results: string, section: string): string {
  const start = results.indexOf(SECTION_START);
  const end = results.indexOf(SECTION_END);
  if (start === -1 || end === -1 || end < start) {
    return `${results.trimEnd()}\n\n${section}`;
  }
  return `${results.slice(0, start)}${section.trimEnd()}${results.slice(end + SECTION_END.length)}`;
}
