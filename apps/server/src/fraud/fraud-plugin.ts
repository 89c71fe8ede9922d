import { randomBytes } from 'node:crypto';
import { CLAIM_FORM_TYPES } from '@claims/core/admin/admin-api';
import { API_PATHS } from '@claims/core/contract/api';
import { DEFAULT_FRAUD_SETTINGS, type FraudSettings } from '@claims/core/fraud/config';
import type { FraudDecision } from '@claims/core/fraud/score';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sessionCookieName } from '../plugins/session';
import type { ClaimSearchColumns, FiledClaim } from '../admin/claims/claim-search';
import { assessFiling, type Assessment } from './assess-claim';
import {
  filingFacts,
  fingerprintKey,
  payoutFingerprint,
  type Fingerprint,
  type FraudFiling,
  type OwnSignals,
} from './claim-fingerprints';
import { moveLegacyFraudRows } from './fingerprint-keys-migration';
import { countHolders, replaceFingerprint, writeAssessment, writeClaimFacts } from './fraud-store';
import { registerFraudRescoreJob } from './rescore-job';

/**
 * A claim's fraud step, ready before the transaction that files it opens: its fingerprints and
 * own signals, and its assessment from the claims stored then.
 */
export interface PreparedFiling {
  filedAt: Date;
  fingerprints: Fingerprint[];
  own: OwnSignals;
  /** The claim's search columns, for ClaimsStore.save (NewClaim.searchColumns). */
  columns: ClaimSearchColumns;
  settings: FraudSettings;
  /** Undefined when the signals could not be read: the re-scoring job scores the claim. */
  assessment: Assessment | undefined;
}

export interface FraudService {
  /**
   * Computes a claim's fingerprints and own signals once and scores it from the claims stored
   * now: every read of the fraud step, made before the transaction that files the claim opens,
   * so that the transaction holds the database (the one SQLite writer) no longer than its
   * writes take. DocumentsUpload submissions belong to their claim and are not scored
   * (undefined). Never throws: signals that cannot be read leave the claim to the re-scoring
   * job, and a claim whose fingerprints cannot be computed is filed unscored, the error logged.
   */
  prepareFiling(
    formType: string,
    filing: FraudFiling,
    log: FastifyBaseLogger,
  ): Promise<PreparedFiling | undefined>;
  /**
   * Through `trx`, the transaction that files the claim: records its fingerprints, own signals
   * and assessment, and enqueues the re-scoring of the earlier claims it joins. A claim sharing
   * a fingerprint that was filed after the signals were read (two claims filed at once) is
   * found by a count of the fingerprints' rows, and both are then scored again by the job, as
   * is a claim whose signals could not be read. Never refuses: the decision only routes the
   * claim. Returns the decision, when scored.
   */
  recordFiling(
    trx: Kysely<Database>,
    claimId: string,
    prepared: PreparedFiling | undefined,
  ): Promise<FraudDecision | undefined>;
  /**
   * Keeps the claim's payout fingerprint in step with a payout election the claimant changed
   * after filing (claimant/payout-change.ts), through the transaction of the change. The claim
   * is not scored again: later claims that share the new account are compared with it.
   */
  payoutChanged(
    trx: Kysely<Database>,
    claimId: string,
    filedAt: string,
    models: FiledClaim['models'],
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    fraud: FraudService;
  }
  interface FastifyRequest {
    /** The browser's device cookie: one it sent, or the one this answer sets. */
    deviceId: string | null;
  }
}

export interface FraudPluginOptions {
  /** The fingerprints' key is derived from it (claim-fingerprints.ts fingerprintKey). */
  pinPepper: string;
  https: boolean;
}

/** The device cookie lasts as long as browsers keep a cookie (400 days). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

export function deviceCookieName(https: boolean): string {
  return sessionCookieName(https, 'claims_device');
}

/**
 * Explainable fraud scoring at submission (docs/fraud-reason-codes.md): the device cookie the
 * API gives a browser that has none (random, HttpOnly, long-lived; it names no one), the
 * scoring of each claim filed, and the `fraud-rescore` job.
 */
export default fp<FraudPluginOptions>(
  async (app, options) => {
    const key = fingerprintKey(options.pinPepper);
    const settings = (): FraudSettings => app.claimsCase.definition.fraud ?? DEFAULT_FRAUD_SETTINGS;
    const cookieName = deviceCookieName(options.https);

    app.decorateRequest('deviceId', null);
    app.addHook('onRequest', async (request, reply) => {
      if (!request.url.startsWith('/api/')) return;
      const sent = request.cookies[cookieName];
      if (sent !== undefined && DEVICE_ID.test(sent)) {
        request.deviceId = sent;
        return;
      }
      // Only answers no cache keeps carry a new cookie: GET /api/csrf, which every visit of
      // the site starts with, and the unsafe calls.
      const path = request.url.split('?', 1)[0];
      if (request.method === 'GET' && path !== API_PATHS.csrf) return;
      request.deviceId = randomBytes(16).toString('base64url');
      reply.setCookie(cookieName, request.deviceId, {
        httpOnly: true,
        sameSite: 'lax',
        secure: options.https,
        path: '/',
        maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
      });
    });

    registerFraudRescoreJob(app.jobs, app.writeEphemeral, settings, app.now);

    // Claims an instance of an earlier release filed during a rolling upgrade, after the
    // migration moved the fraud rows: moved in the same way, then scored again with the claims
    // they share a fingerprint with (fingerprint-keys-migration.ts).
    app.addHook('onReady', async () => {
      try {
        const moved = await moveLegacyFraudRows(app.db, async (trx, claimIds) => {
          for (const claimId of claimIds) {
            await app.jobs.enqueue(trx, 'fraud-rescore', {
              joinedBy: claimId,
              claimIds: [],
              withRelated: [claimId],
            });
          }
        });
        if (moved > 0) {
          app.log.info({ claims: moved }, 'fraud rows of an earlier release moved; scored again');
        }
      } catch (error) {
        app.log.error(
          { err: error as Error },
          'the fraud rows of an earlier release were not moved',
        );
      }
    });

    app.decorate('fraud', {
      async prepareFiling(formType, filing, log) {
        if (!(CLAIM_FORM_TYPES as readonly string[]).includes(formType)) return undefined;
        const current = settings();
        let facts;
        try {
          facts = filingFacts(filing, key);
        } catch (error) {
          log.error(
            { err: error as Error },
            'the fraud fingerprints of a claim failed; filed unscored',
          );
          return undefined;
        }
        const { filedAt } = filing;
        let assessment: Assessment | undefined;
        try {
          assessment = await assessFiling(app.db, { filedAt, ...facts }, current);
        } catch (error) {
          log.error(
            { err: error as Error },
            'the fraud signals of a claim could not be read; it is filed and scored by the re-scoring job',
          );
        }
        return { filedAt, ...facts, settings: current, assessment };
      },
      async recordFiling(trx, claimId, prepared) {
        if (prepared === undefined) return undefined;
        const { filedAt, fingerprints, own, assessment } = prepared;
        await writeClaimFacts(trx, claimId, filedAt, fingerprints, own);
        if (assessment === undefined) {
          await app.jobs.enqueue(trx, 'fraud-rescore', {
            joinedBy: claimId,
            claimIds: [],
            withRelated: [claimId],
          });
          return undefined;
        }
        await writeAssessment(trx, claimId, assessment.score, prepared.settings, filedAt);
        // The holders counted: the claim itself, and the others its signals were read from.
        const holders = await countHolders(trx, fingerprints, app.dbKind);
        const filedMeanwhile = holders !== fingerprints.length + assessment.shared;
        if (assessment.cluster.size > 0 || filedMeanwhile) {
          await app.jobs.enqueue(trx, 'fraud-rescore', {
            joinedBy: claimId,
            claimIds: [...assessment.cluster].sort(),
            ...(filedMeanwhile ? { withRelated: [claimId] } : {}),
          });
        }
        return assessment.score.decision;
      },
      async payoutChanged(trx, claimId, filedAt, models) {
        await replaceFingerprint(
          trx,
          claimId,
          'payout',
          payoutFingerprint({ models }, key),
          filedAt,
        );
      },
    } satisfies FraudService);
  },
  { name: 'fraud', dependencies: ['jobs', 'claims-case', '@fastify/cookie', 'clock'] },
);
