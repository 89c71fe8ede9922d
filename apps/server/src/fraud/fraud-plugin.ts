import { randomBytes } from 'node:crypto';
import { CLAIM_FORM_TYPES } from '@claims/core/admin/admin-api';
import { API_PATHS } from '@claims/core/contract/api';
import { DEFAULT_FRAUD_SETTINGS, type FraudSettings } from '@claims/core/fraud/config';
import type { FraudDecision } from '@claims/core/fraud/score';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sessionCookieName } from '../plugins/session';
import { assessStoredClaim } from './assess-claim';
import type { FiledClaim } from '../admin/claims/claim-search';
import {
  claimFingerprints,
  fingerprintKey,
  ownSignals,
  payoutFingerprint,
  type FraudFiling,
} from './claim-fingerprints';
import { replaceFingerprint, writeClaimFacts } from './fraud-store';
import { registerFraudRescoreJob } from './rescore-job';

export interface FraudService {
  /**
   * Records a claim's fingerprints and own signals, scores it and writes its assessment, and
   * enqueues the re-scoring of the earlier claims it joins, all through `trx`: the transaction
   * that files the claim. DocumentsUpload submissions belong to their claim and are not scored.
   * Never refuses: the decision only routes the claim. Returns the decision, when scored.
   */
  assessFiling(
    trx: Kysely<Database>,
    claimId: string,
    formType: string,
    filing: FraudFiling,
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

    registerFraudRescoreJob(app.jobs, settings, app.now);

    app.decorate('fraud', {
      async assessFiling(trx, claimId, formType, filing) {
        if (!(CLAIM_FORM_TYPES as readonly string[]).includes(formType)) return undefined;
        await writeClaimFacts(
          trx,
          claimId,
          filing.filedAt,
          claimFingerprints(filing, key),
          ownSignals(filing),
        );
        const assessment = await assessStoredClaim(trx, claimId, settings(), filing.filedAt);
        if (assessment === undefined) return undefined;
        if (assessment.cluster.size > 0) {
          await app.jobs.enqueue(trx, 'fraud-rescore', {
            joinedBy: claimId,
            claimIds: [...assessment.cluster].sort(),
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
