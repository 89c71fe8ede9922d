import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { API_PATHS } from '@claims/core/contract/api';
import { encodeSubmissionParts } from '@claims/core/contract/submission-encoding';
import { DEFAULT_FRAUD_SETTINGS } from '@claims/core/fraud/config';
import { scoreClaim } from '@claims/core/fraud/score';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../apps/server/src/app';
import { readConfig } from '../../../apps/server/src/config';
import { assessStoredClaim } from '../../../apps/server/src/fraud/assess-claim';
import { DEMO_CASE, RESULTS_FILE, TMP } from '../bench-paths';
import { repairInvoice, type ClaimDocument } from '../claim-builder';
import { mapLimit, standardClaimAfterSignIn } from '../claimant-pool';
import { ClaimantSession } from '../claimant-session';
import { encodeMultipart } from '../multipart-body';
import { createFraudCase } from './fraud-case';
import { fraudPopulation, type SimClaimant } from './fraud-population';
import { renderFraudSection, withFraudSection, type FraudFigures } from './fraud-results';

/**
 * npm run bench:fraud: the fraud simulation of issue 19. Files the population of
 * fraud-population.ts through the real API of an in-process server (SQLite, HTTP on
 * 127.0.0.1), waits for the re-scoring of clusters, reads each claim's decision, times the
 * server's scoring of every stored claim, and compares the submission throughput with the
 * fraud step on and off. Writes its section of bench/RESULTS.md.
 *
 * The server runs the case fraud-case.ts writes under bench/.tmp: the demo case, its class list
 * the demo's 1,200 members (the population files as them) followed by a generated member for
 * each claim of the throughput comparison, each a person of their own by name, address,
 * e-mail, phone and VIN, at an IP address of their own. The comparison so files
 * THROUGHPUT_CLAIMS a side (1,600 unless FRAUD_SIM_THROUGHPUT_CLAIMS says otherwise), claims
 * that the fraud step scores as organic.
 */

const ORGANIC = Number(process.env.FRAUD_SIM_ORGANIC ?? 600);
const PER_ATTACK = Number(process.env.FRAUD_SIM_PER_ATTACK ?? 40);
/** Submissions per side of the throughput comparison, in alternating rounds of THROUGHPUT_ROUND. */
const THROUGHPUT_CLAIMS = Number(process.env.FRAUD_SIM_THROUGHPUT_CLAIMS ?? 1600);
const THROUGHPUT_ROUND = 40;
/** Rounds of each side. */
const THROUGHPUT_ROUNDS = Math.max(1, Math.round(THROUGHPUT_CLAIMS / THROUGHPUT_ROUND));
/**
 * Seconds the claimants of a throughput round take over the form, all at once: a person's pace,
 * so that the fraud step sees no fast fill, and within the session's idle time.
 */
const THROUGHPUT_FILL_SECONDS = 300;
/** The seed of the generated class members, so that every run files the same people. */
const CASE_SEED = 19;
const CASE_DIR = path.join(TMP, 'fraud-case');
const CONCURRENCY = 8;

const log = (message: string) => console.log(`[fraud] ${message}`);

interface Member {
  noticeId: string;
  pin: string;
}

const DOCUMENTS: ClaimDocument[] = [repairInvoice(20_000)];

class Simulation {
  clock = new Date();
  private configs: RemoteModelConfig[] = [];
  private readonly browsers = new Map<string, ClaimantSession>();

  constructor(
    readonly app: FastifyInstance,
    readonly url: string,
    readonly members: readonly Member[],
  ) {}

  async start(): Promise<void> {
    this.configs = (await new ClaimantSession(this.url).getJson(
      API_PATHS.formsConfig,
    )) as RemoteModelConfig[];
  }

  private session(claimant: SimClaimant): ClaimantSession {
    const headers = { 'x-forwarded-for': claimant.ip };
    if (claimant.browser === null) return new ClaimantSession(this.url, headers);
    const known = this.browsers.get(claimant.browser);
    if (known !== undefined) return known;
    const created = new ClaimantSession(this.url, headers);
    this.browsers.set(claimant.browser, created);
    return created;
  }

  /** Authorizes the claimant and builds its claim; the submit is the caller's. */
  async prepare(claimant: SimClaimant) {
    const member = this.members[claimant.member];
    if (member === undefined) throw new Error(`the class list has no member ${claimant.member}`);
    const session = this.session(claimant);
    await session.start();
    const credentials = { noticeId: member.noticeId, pin: member.pin };
    const answer = await session.authorize('Standard', credentials, await session.solveCaptcha());
    this.clock = new Date(this.clock.getTime() + claimant.fillSeconds * 1000);
    const signature = (await session.getJson(`${API_PATHS.signatureDate}?culture=en`)) as {
      date: string;
    };
    const payload = await standardClaimAfterSignIn(session, credentials, answer, {
      configs: this.configs,
      signatureDate: signature.date,
      documents: DOCUMENTS,
    });
    Object.assign(payload.claimantInfo?.fields ?? {}, claimant.claimantInfo);
    Object.assign(payload.claimDetails?.fields ?? {}, claimant.claimDetails);
    if (claimant.honeypot) payload.website = 'https://offers.example';
    return { session, body: encodeMultipart(encodeSubmissionParts(payload)) };
  }

  async file(claimant: SimClaimant): Promise<string> {
    this.clock = new Date(this.clock.getTime() + claimant.gapSeconds * 1000);
    const { session, body } = await this.prepare(claimant);
    const answer = await session.submit('Standard', body);
    if (answer.referenceCodeForm === null) throw new Error('the submit answered no reference code');
    return answer.referenceCodeForm;
  }
}

async function rescoringDone(app: FastifyInstance): Promise<void> {
  for (;;) {
    const row = await app.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('name', '=', 'fraud-rescore')
      .where('state', 'in', ['waiting', 'retry', 'active'])
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function decisions(
  app: FastifyInstance,
): Promise<Map<string, { id: string; decision: string }>> {
  const rows = await app.db
    .selectFrom('claims')
    .innerJoin('claim_fraud_assessments as fraud', 'fraud.claim_id', 'claims.id')
    .select(['claims.id', 'claims.reference_code', 'fraud.decision'])
    .execute();
  return new Map(rows.map((row) => [row.reference_code, { id: row.id, decision: row.decision }]));
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}

function pureScoringMs(): number {
  const signals = {
    ipAddressVelocity: { claims: 6, source: '203.0.113.7' },
    emailMatches: { count: 2, references: ['AB7K-9QXM-2TWC'] },
    fillSeconds: 12,
    honeypotFilled: false,
  };
  const rounds = 20_000;
  const started = performance.now();
  for (let i = 0; i < rounds; i += 1) scoreClaim(signals, DEFAULT_FRAUD_SETTINGS);
  return (performance.now() - started) / rounds;
}

/** Seconds taken by the prepared submits of `claimants`, CONCURRENCY at once, and their references. */
async function submitSeconds(
  sim: Simulation,
  claimants: SimClaimant[],
): Promise<{ seconds: number; references: string[] }> {
  const prepared = await mapLimit(claimants, CONCURRENCY, (claimant) => sim.prepare(claimant));
  sim.clock = new Date(sim.clock.getTime() + THROUGHPUT_FILL_SECONDS * 1000);
  // The re-scoring an earlier round started is done first, so that it weighs on neither side.
  await rescoringDone(sim.app);
  const started = performance.now();
  const answers = await mapLimit(prepared, CONCURRENCY, ({ session, body }) =>
    session.submit('Standard', body),
  );
  const seconds = (performance.now() - started) / 1000;
  return { seconds, references: answers.map((answer) => answer.referenceCodeForm ?? '') };
}

/** How many of `references` have each decision; a claim without an assessment is "unscored". */
function decisionCounts(
  decided: Map<string, { decision: string }>,
  references: readonly string[],
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const reference of references) {
    const decision = decided.get(reference)?.decision ?? 'unscored';
    counts[decision] = (counts[decision] ?? 0) + 1;
  }
  return counts;
}

/** The comparison's claimants are the generated members from `firstMember` on. */
async function throughput(sim: Simulation, firstMember: number) {
  const claimant = (member: number): SimClaimant => ({
    kind: 'organic',
    member,
    ip: `10.${Math.floor(member / 250)}.${member % 250}.1`,
    browser: null,
    // The round's claimants fill their forms together (submitSeconds), not one after another.
    fillSeconds: 0,
    gapSeconds: 0,
    claimantInfo: {},
    claimDetails: {},
    honeypot: false,
  });
  const fraud = sim.app.fraud;
  const scoring = fraud.prepareFiling.bind(fraud);
  const seconds = { on: 0, off: 0 };
  const references: { on: string[]; off: string[] } = { on: [], off: [] };
  let member = firstMember;
  // Alternating rounds, so other work on the machine weighs on both alike.
  const rounds = THROUGHPUT_ROUNDS;
  for (let round = 0; round < 2 * rounds; round += 1) {
    const side = round % 2 === 0 ? 'on' : 'off';
    const claimants = Array.from({ length: THROUGHPUT_ROUND }, () => claimant(member++));
    // Off: nothing prepared, so nothing read before the claim's transaction nor written in it.
    fraud.prepareFiling = side === 'on' ? scoring : async () => undefined;
    const filed = await submitSeconds(sim, claimants);
    seconds[side] += filed.seconds;
    references[side].push(...filed.references);
    if ((round + 1) % 10 === 0 || round + 1 === 2 * rounds) {
      log(`throughput round ${round + 1} of ${2 * rounds}: done`);
    }
  }
  fraud.prepareFiling = scoring;
  await rescoringDone(sim.app);
  const decided = await decisions(sim.app);
  const claims = rounds * THROUGHPUT_ROUND;
  return {
    on: claims / seconds.on,
    off: claims / seconds.off,
    claims,
    decisions: {
      on: decisionCounts(decided, references.on),
      off: decisionCounts(decided, references.off),
    },
  };
}

/** The last run's figures, so that its section can be written again without running again. */
const FIGURES_FILE = path.join(TMP, 'fraud-results.json');

async function writeSection(figures: FraudFigures): Promise<void> {
  const results = await readFile(RESULTS_FILE, 'utf8').catch(() => '# Benchmark results\n');
  await writeFile(RESULTS_FILE, withFraudSection(results, renderFraudSection(figures)));
  log(`wrote the fraud section of ${RESULTS_FILE}`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--report')) {
    // A capacity run writes RESULTS.md anew: this puts the last simulation's section back.
    await writeSection(JSON.parse(await readFile(FIGURES_FILE, 'utf8')) as FraudFigures);
    return;
  }
  const population = fraudPopulation({ seed: 19, organic: ORGANIC, perAttack: PER_ATTACK });
  const fraudCase = createFraudCase({
    sourceDir: DEMO_CASE,
    targetDir: CASE_DIR,
    extraMembers: 2 * THROUGHPUT_ROUNDS * THROUGHPUT_ROUND,
    seed: CASE_SEED,
  });
  if (population.length > fraudCase.sourceMembers) {
    throw new Error(
      `the demo class list has ${fraudCase.sourceMembers} members; the population needs ${population.length}`,
    );
  }
  log(
    `class list of ${fraudCase.members.length}: the demo's ${fraudCase.sourceMembers} and ` +
      `${fraudCase.members.length - fraudCase.sourceMembers} generated (${CASE_DIR})`,
  );
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'claims-fraud-sim-'));
  let sim: Simulation | undefined;
  const config = readConfig({
    DATA_DIR: dataDir,
    CASE_DIR: fraudCase.dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    TRUST_PROXY: 'true',
    RATE_LIMIT_AUTHORIZE: '0',
    RATE_LIMIT_STATUS: '0',
    RATE_LIMIT_CAPTCHA: '0',
    RATE_LIMIT_SESSION: '0',
  });
  const app = await buildApp({
    config,
    now: () => sim?.clock ?? new Date(),
    altchaMaxNumber: 1000,
  });
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    sim = new Simulation(app, url, fraudCase.members);
    await sim.start();
    log(`filing ${population.length} claims through ${url}`);
    const filed: { kind: SimClaimant['kind']; reference: string }[] = [];
    for (const claimant of population) {
      filed.push({ kind: claimant.kind, reference: await sim.file(claimant) });
    }
    log('waiting for the re-scoring of clusters');
    await rescoringDone(app);
    const decided = await decisions(app);
    const attacks: FraudFigures['attacks'] = {};
    let organicHeld = 0;
    let organicReviewed = 0;
    for (const { kind, reference } of filed) {
      const decision = decided.get(reference)?.decision ?? 'unscored';
      if (kind === 'organic') {
        if (decision === 'hold') organicHeld += 1;
        if (decision === 'review') organicReviewed += 1;
        continue;
      }
      const entry = (attacks[kind] ??= { claims: 0, heldOrReviewed: 0 });
      entry.claims += 1;
      if (decision === 'hold' || decision === 'review') entry.heldOrReviewed += 1;
    }

    log('timing the scoring of every stored claim');
    const settings = app.claimsCase.definition.fraud ?? DEFAULT_FRAUD_SETTINGS;
    const times: number[] = [];
    const clock = sim.clock;
    // In one transaction: the figure is the scoring's reads (the claim's stored facts, then the
    // other claims, as at submission) and the write of its assessment, not a commit of its own.
    await app.db.transaction().execute(async (trx) => {
      for (const { id } of decided.values()) {
        const started = performance.now();
        await assessStoredClaim(trx, id, settings, clock);
        times.push(performance.now() - started);
      }
    });

    log('comparing throughput with scoring on and off');
    const rates = await throughput(sim, fraudCase.sourceMembers);
    const counted = (counts: Record<string, number>) =>
      Object.entries(counts)
        .map(([decision, n]) => `${n} ${decision}`)
        .join(', ');
    log(
      `throughput claims' decisions: scoring on ${counted(rates.decisions.on)}; ` +
        `scoring off ${counted(rates.decisions.off)}`,
    );
    const cpu = os.cpus();
    const figures: FraudFigures = {
      date: new Date().toISOString(),
      machine: `${cpu[0]?.model.trim() ?? 'unknown'}, ${cpu.length} cores, Node ${process.version}`,
      organic: ORGANIC,
      attacks,
      organicHeld,
      organicReviewed,
      scoringMs: {
        mean: times.reduce((sum, time) => sum + time, 0) / Math.max(1, times.length),
        p99: percentile(times, 0.99),
      },
      pureScoringMs: pureScoringMs(),
      throughput: {
        on: rates.on,
        off: rates.off,
        claims: rates.claims,
        perRound: THROUGHPUT_ROUND,
        concurrency: CONCURRENCY,
        decisions: rates.decisions.on,
      },
    };
    await mkdir(TMP, { recursive: true });
    await writeFile(FIGURES_FILE, JSON.stringify(figures, null, 2));
    await writeSection(figures);
  } finally {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
