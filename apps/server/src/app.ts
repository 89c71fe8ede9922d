import cookie from '@fastify/cookie';
import { DEFAULT_SESSION_MINUTES } from '@claims/core/contract/site';
import { DEFAULT_CULTURE } from '@claims/core/culture-code';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_BASE_PATH } from '@claims/core/admin/admin-api';
import adminPlugin from './admin/admin-plugin';
import consoleApp from './admin/console/console-app';
import { ClaimsCase } from './case/claims-case';
import { loadCase } from './case/load-case';
import { captchaScriptUrl, type ServerConfig } from './config';
import mailerPlugin from './email/mailer-plugin';
import fraudPlugin from './fraud/fraud-plugin';
import dataIoPlugin from './data-io/data-io-plugin';
import draftRoutes from './drafts/draft-routes';
import draftsPlugin from './drafts/drafts-plugin';
import healthRoutes from './ops/health-routes';
import metricsPlugin from './ops/metrics-plugin';
import rateLimitsPlugin from './ops/rate-limits';
import { refuseMalformedApiPath, rewriteMalformedPath } from './http/request-path';
import { serverTimeoutOptions } from './http/server-timeouts';
import jobsPlugin from './jobs/jobs-plugin';
import { bindClientAddress, loggerOptions, logRefusedUploads } from './logger';
import antivirusPlugin from './plugins/antivirus';
import captchaPlugin from './plugins/captcha';
import claimsCasePlugin from './plugins/claims-case';
import clockPlugin from './plugins/clock';
import csrfPlugin from './plugins/csrf';
import databasePlugin from './plugins/database';
import documentsPlugin from './plugins/documents';
import errorHandlerPlugin from './plugins/error-handler';
import securityHeadersPlugin from './plugins/security-headers';
import textInputPlugin from './plugins/text-input';
import sessionPlugin from './plugins/session';
import payPalPlugin from './plugins/paypal';
import webAppPlugin from './plugins/web-app';
import claimantRoutes from './claimant/claimant-routes';
import authorizeRoutes from './routes/forms-authorize';
import submitRoutes from './routes/forms-submit';
import { startUpAnswers } from './routes/site-answers';
import siteRoutes from './routes/site-routes';
import sessionRoutes from './routes/session-routes';
import type { LockoutSettings } from './services/attempt-limiter';
import type { UploadLimits } from './services/claim-submission';
import { zodSerializerCompiler, zodValidatorCompiler, type ZodPlugin } from './zod-type-provider';

/** Knobs of the application; tests set the ones the environment does not. */
export interface AppOptions {
  config: ServerConfig;
  /** The case, already loaded (buildApp loads it from config.caseDir). */
  claimsCase: ClaimsCase;
  /** The clock deadlines, sessions and lockouts read. */
  now?: () => Date;
  /**
   * Idle minutes before a session expires (server.ts passes SESSION_IDLE_MINUTES);
   * docs/architecture.md#sessions: 30.
   */
  sessionIdleMinutes?: number;
  /** PostgreSQL only: the schema to use instead of the connection's default. */
  databaseSchema?: string;
  altchaMaxNumber?: number;
  /** The fetch the hosted captcha providers and PayPal are called with. */
  fetch?: typeof fetch;
  uploadLimits?: Partial<UploadLimits>;
  lockout?: LockoutSettings;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: NodeJS.WritableStream;
}

/**
 * The whole application as one plugin, in layers: external plugins, then the application's
 * services (clock, database, case, sessions, CSRF, captcha, documents, jobs, e-mail), then the
 * routes, then the web app (which also answers every path no route took).
 */
export const claimsApp: ZodPlugin<AppOptions> = async (app, options) => {
  const { config } = options;
  const now = options.now ?? (() => new Date());

  app.addHook('onRequest', bindClientAddress);
  await app.register(errorHandlerPlugin);
  await app.register(textInputPlugin);
  await app.register(cookie);
  const captchaProvider = options.claimsCase.definition.captcha.provider;
  const scriptUrl = captchaScriptUrl(config.captcha, captchaProvider);
  await app.register(securityHeadersPlugin, {
    captchaProvider,
    captchaScriptUrl: scriptUrl,
    extraOrigins: config.cspExtraOrigins,
    https: config.https,
  });
  // After the security headers, so the refusal carries them; before sessions and CSRF.
  app.addHook('onRequest', refuseMalformedApiPath);
  await app.register(metricsPlugin, { token: config.ops.metricsToken });
  // Before every route: it limits the routes it is told of as they are added.
  await app.register(rateLimitsPlugin, {
    settings: config.ops.rateLimits,
    redisUrl: config.ops.redisUrl,
    redisKeyPrefix: config.ops.redisKeyPrefix,
  });

  await app.register(clockPlugin, { now });
  await app.register(databasePlugin, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    schema: options.databaseSchema,
  });
  await app.register(claimsCasePlugin, {
    claimsCase: options.claimsCase,
    pinPepper: config.pinPepper,
  });
  const idleMinutes = options.sessionIdleMinutes ?? DEFAULT_SESSION_MINUTES;
  const siteAnswers = { sessionIdleMinutes: idleMinutes, captchaScriptUrl: scriptUrl };
  await app.register(sessionPlugin, {
    idleMinutes,
    absoluteHours: config.sessionAbsoluteHours,
    https: config.https,
    secret: config.sessionSecret,
  });
  app.addHook('onResponse', logRefusedUploads(config.sessionSecret));
  await app.register(csrfPlugin, { secret: config.sessionSecret });
  await app.register(captchaPlugin, {
    config,
    altchaMaxNumber: options.altchaMaxNumber,
    fetch: options.fetch,
  });
  await app.register(documentsPlugin, { dataDir: config.dataDir, bucket: config.documentBucket });
  await app.register(antivirusPlugin, config.antivirus);
  await app.register(jobsPlugin, {
    concurrency: config.jobs.concurrency,
    pgBossSchema: options.databaseSchema,
  });
  await app.register(mailerPlugin, { ...config.mail, dataDir: config.dataDir });
  await app.register(fraudPlugin, { pinPepper: config.pinPepper, https: config.https });
  await app.register(dataIoPlugin, {
    dataDir: config.dataDir,
    pinPepper: config.pinPepper,
    bucket: config.documentBucket,
  });
  await app.register(draftsPlugin, { secret: config.sessionSecret });
  await app.register(healthRoutes);

  await app.register(async (api) => {
    // The API's own routes declare zod schemas (packages/core's contract); the provider
    // plugins registered beside them keep Fastify's JSON-schema compilers.
    api.setValidatorCompiler(zodValidatorCompiler);
    api.setSerializerCompiler(zodSerializerCompiler);
    await api.register(sessionRoutes);
    await api.register(siteRoutes, siteAnswers);
    await api.register(draftRoutes, { publicOrigin: config.publicOrigin });
    await api.register(authorizeRoutes, {
      pinPepper: config.pinPepper,
      sessionSecret: config.sessionSecret,
      ...(options.lockout === undefined ? {} : { lockout: options.lockout }),
    });
    await api.register(submitRoutes, {
      sessionSecret: config.sessionSecret,
      ...(options.uploadLimits === undefined ? {} : { limits: options.uploadLimits }),
    });
    await api.register(claimantRoutes, { sessionSecret: config.sessionSecret });
  });
  await app.register(payPalPlugin, { config, fetch: options.fetch });
  await app.register(adminPlugin, {
    dataDir: config.dataDir,
    https: config.https,
    secret: config.sessionSecret,
  });
  await app.register(consoleApp, {
    prefix: ADMIN_BASE_PATH,
    adminDist: config.adminDist,
    https: config.https,
  });

  await app.register(webAppPlugin, {
    webDist: config.webDist,
    cultures: options.claimsCase.enabledCultures,
    snapshots: {
      // As the browser's start-up resolves an address naming no culture (start-up.ts).
      defaultCulture:
        options.claimsCase.enabledCulture(DEFAULT_CULTURE) ?? options.claimsCase.defaultCulture,
      theme: options.claimsCase.definition.theme,
      answers: (culture) => startUpAnswers(options.claimsCase, app.captcha, siteAnswers, culture),
      isOpen: (formType, now) => options.claimsCase.passedDeadline(formType, now) === undefined,
      now: () => app.now(),
    },
  });
};

/** Trust the nearest `hops` proxies (a hop count as TRUST_PROXY). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export type BuildOptions = Omit<AppOptions, 'claimsCase'>;

/**
 * Loads the case and builds the Fastify instance around claimsApp; server.ts listens on it,
 * tests call inject() on it. Throws (and so stops the server) on a bad case folder.
 */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const claimsCase = new ClaimsCase(await loadCase(config.caseDir));
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy:
      typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // JSON bodies are small (authorize); submissions are multipart with their own limits.
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    rewriteUrl: rewriteMalformedPath,
    // The case plugin imports the class list and vehicle list at start-up, which takes longer
    // the longer they are (a changed list of millions of members takes minutes); Fastify's
    // default of 10 s per plugin would stop the server before it ever listened.
    pluginTimeout: 0,
    ...serverTimeoutOptions(config.timeouts),
  });
  try {
    await app.register(fp(claimsApp), { ...options, claimsCase });
  } catch (error) {
    // Release what the plugins opened before the failure (the database pool above all).
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
