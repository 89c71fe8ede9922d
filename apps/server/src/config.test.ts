import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaScriptUrl, ConfigError, parseTrustProxy, readConfig, REPO_ROOT } from './config';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'claims-config-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

describe('readConfig', () => {
  it('defaults to port 3000, the demo case and SQLite', () => {
    const config = readConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      caseDir: path.join(REPO_ROOT, 'cases', 'demo'),
      databaseUrl: undefined,
      webDist: path.join(REPO_ROOT, 'apps', 'web', 'dist'),
      https: false,
      trustProxy: false,
      sessionIdleMinutes: 30,
    });
  });

  it('generates secrets once, keeps them under DATA_DIR readable by the owner only, and reuses them', async () => {
    const first = readConfig({ DATA_DIR: dataDir });
    const second = readConfig({ DATA_DIR: dataDir });
    expect(first.sessionSecret).toHaveLength(43);
    expect(second.sessionSecret).toBe(first.sessionSecret);
    expect(second.pinPepper).toBe(first.pinPepper);
    const file = path.join(dataDir, 'secrets.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      sessionSecret: first.sessionSecret,
      pinPepper: first.pinPepper,
    });
  });

  it('takes secrets from the environment when given', () => {
    const secret = 's'.repeat(32);
    const config = readConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: secret,
      PIN_PEPPER: 'p'.repeat(40),
    });
    expect(config.sessionSecret).toBe(secret);
    expect(config.pinPepper).toBe('p'.repeat(40));
  });

  it('marks the site as HTTPS when its public origin is', () => {
    const config = readConfig({ DATA_DIR: dataDir, PUBLIC_ORIGIN: 'https://claims.example.org/' });
    expect(config.https).toBe(true);
    expect(config.publicOrigin).toBe('https://claims.example.org');
  });

  it('lists every problem of an invalid environment', () => {
    expect(() =>
      readConfig({ DATA_DIR: dataDir, PORT: 'eighty', DATABASE_URL: 'mysql://db/claims' }),
    ).toThrow(
      new ConfigError(
        'invalid environment: PORT: PORT must be a number; DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://',
      ),
    );
  });

  it('refuses a short session secret', () => {
    expect(() => readConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'short' })).toThrow(
      /SESSION_SECRET must be at least 32 characters/,
    );
  });

  it.each([
    ['45', 45],
    ['0.5', 0.5],
    ['1440', 1440],
  ])('reads SESSION_IDLE_MINUTES %s as %s minutes', (value, minutes) => {
    const config = readConfig({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: value });
    expect(config.sessionIdleMinutes).toBe(minutes);
  });

  it('takes an empty SESSION_IDLE_MINUTES as the default of 30 minutes', () => {
    expect(readConfig({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: '' }).sessionIdleMinutes).toBe(30);
  });

  it.each(['0', '-5', 'thirty', '1441', 'Infinity', '1e2'])(
    'refuses SESSION_IDLE_MINUTES %s, saying what it accepts',
    (value) => {
      expect(() => readConfig({ DATA_DIR: dataDir, SESSION_IDLE_MINUTES: value })).toThrow(
        new ConfigError(
          'invalid environment: SESSION_IDLE_MINUTES: SESSION_IDLE_MINUTES must be a number of minutes above 0 and at most 1440, such as 30 or 0.5',
        ),
      );
    },
  );

  it('reads the hosted captcha script addresses', () => {
    const config = readConfig({
      DATA_DIR: dataDir,
      HCAPTCHA_SCRIPT_URL: 'https://captcha.example.org/hcaptcha/api.js',
      RECAPTCHA_SCRIPT_URL: 'http://127.0.0.1:4012/recaptcha/api.js',
    });
    expect(config.captcha.hCaptchaScriptUrl).toBe('https://captcha.example.org/hcaptcha/api.js');
    expect(config.captcha.reCaptchaScriptUrl).toBe('http://127.0.0.1:4012/recaptcha/api.js');
  });

  it('leaves the captcha script addresses to the providers when not set', () => {
    const config = readConfig({ DATA_DIR: dataDir, HCAPTCHA_SCRIPT_URL: '' });
    expect(config.captcha.hCaptchaScriptUrl).toBeUndefined();
    expect(config.captcha.reCaptchaScriptUrl).toBeUndefined();
  });

  it('refuses a captcha script address over plain http to another machine', () => {
    expect(() =>
      readConfig({ DATA_DIR: dataDir, HCAPTCHA_SCRIPT_URL: 'http://captcha.example.org/api.js' }),
    ).toThrow(
      new ConfigError(
        'invalid environment: HCAPTCHA_SCRIPT_URL: HCAPTCHA_SCRIPT_URL must be an absolute https URL, or http on a loopback address (localhost, 127.0.0.1, [::1])',
      ),
    );
  });

  it('refuses an extra CSP origin that is not an origin', () => {
    expect(() =>
      readConfig({ DATA_DIR: dataDir, CSP_EXTRA_ORIGINS: "https://ok.example, 'unsafe-inline'" }),
    ).toThrow(/CSP_EXTRA_ORIGINS must list origins/);
  });
});

describe('parseTrustProxy', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 192.168.0.0/16', ['10.0.0.1', '192.168.0.0/16']],
  ])('reads %s', (input, expected) => {
    expect(parseTrustProxy(input)).toEqual(expected);
  });
});

describe('captchaScriptUrl', () => {
  const captcha = readConfig({
    DATA_DIR: 'data',
    SESSION_SECRET: 's'.repeat(32),
    PIN_PEPPER: 'p'.repeat(32),
    HCAPTCHA_SCRIPT_URL: 'https://h.example.org/api.js',
    RECAPTCHA_SCRIPT_URL: 'https://r.example.org/api.js',
  }).captcha;

  it.each([
    ['HCaptcha', 'https://h.example.org/api.js'],
    ['GoogleReCaptcha', 'https://r.example.org/api.js'],
    ['Altcha', undefined],
  ] as const)('gives %s the script address %s', (provider, expected) => {
    expect(captchaScriptUrl(captcha, provider)).toBe(expected);
  });
});

describe('readConfig: antivirus', () => {
  it('scans nothing by default, with a 15 s scan deadline and the refuse policy', () => {
    expect(readConfig({ DATA_DIR: dataDir }).antivirus).toEqual({
      clamd: undefined,
      timeoutMs: 15_000,
      whenUnavailable: 'refuse',
    });
  });

  it.each([
    ['tcp://127.0.0.1:3310', { host: '127.0.0.1', port: 3310 }],
    ['unix:/run/clamav/clamd.ctl', { socket: '/run/clamav/clamd.ctl' }],
  ])('reads CLAMD_URL %s', (value, clamd) => {
    expect(readConfig({ DATA_DIR: dataDir, CLAMD_URL: value }).antivirus.clamd).toEqual(clamd);
  });

  it('refuses a CLAMD_URL that is not tcp://host:port or unix:/path', () => {
    expect(() => readConfig({ DATA_DIR: dataDir, CLAMD_URL: 'http://clamd:3310' })).toThrow(
      new ConfigError(
        'invalid environment: CLAMD_URL: CLAMD_URL "http://clamd:3310": expected tcp://host:port or unix:/path',
      ),
    );
  });

  it('says that ANTIVIRUS_UNAVAILABLE=quarantine comes with the jobs engine', () => {
    expect(() => readConfig({ DATA_DIR: dataDir, ANTIVIRUS_UNAVAILABLE: 'quarantine' })).toThrow(
      new ConfigError(
        'invalid environment: ANTIVIRUS_UNAVAILABLE: ANTIVIRUS_UNAVAILABLE "quarantine" is not available yet: it comes with the jobs engine; expected refuse',
      ),
    );
  });

  it('refuses an unknown ANTIVIRUS_UNAVAILABLE policy, naming the one it accepts', () => {
    expect(() => readConfig({ DATA_DIR: dataDir, ANTIVIRUS_UNAVAILABLE: 'accept' })).toThrow(
      /ANTIVIRUS_UNAVAILABLE "accept" is not a policy; expected refuse/,
    );
  });

  it('refuses a scan deadline that a slow scan would take past the connection idle timeout', () => {
    expect(() =>
      readConfig({
        DATA_DIR: dataDir,
        CLAMD_URL: 'tcp://127.0.0.1:3310',
        CLAMD_TIMEOUT_MS: '30000',
        BODY_IDLE_TIMEOUT_MS: '30000',
      }),
    ).toThrow(/CLAMD_TIMEOUT_MS \(30000\) must be below BODY_IDLE_TIMEOUT_MS \(30000\)/);
  });
});

describe('readConfig: timeouts', () => {
  it('cuts an idle connection within 30 s by default', () => {
    expect(readConfig({ DATA_DIR: dataDir }).timeouts).toEqual({
      requestMs: 600_000,
      headersMs: 20_000,
      bodyIdleMs: 30_000,
      keepAliveMs: 72_000,
      maxRequestsPerSocket: 1000,
    });
  });

  it('reads each timeout in milliseconds', () => {
    const config = readConfig({
      DATA_DIR: dataDir,
      REQUEST_TIMEOUT_MS: '120000',
      HEADERS_TIMEOUT_MS: '5000',
      BODY_IDLE_TIMEOUT_MS: '10000',
      KEEP_ALIVE_TIMEOUT_MS: '5000',
      MAX_REQUESTS_PER_SOCKET: '0',
    });
    expect(config.timeouts).toEqual({
      requestMs: 120_000,
      headersMs: 5_000,
      bodyIdleMs: 10_000,
      keepAliveMs: 5_000,
      maxRequestsPerSocket: 0,
    });
  });

  it.each(['0', '-1', '2.5', 'soon'])('refuses BODY_IDLE_TIMEOUT_MS %s', (value) => {
    expect(() => readConfig({ DATA_DIR: dataDir, BODY_IDLE_TIMEOUT_MS: value })).toThrow(
      /BODY_IDLE_TIMEOUT_MS must be a whole number of milliseconds above 0, such as 30000/,
    );
  });

  it('refuses a header timeout longer than the request timeout', () => {
    expect(() =>
      readConfig({ DATA_DIR: dataDir, HEADERS_TIMEOUT_MS: '60000', REQUEST_TIMEOUT_MS: '30000' }),
    ).toThrow(/HEADERS_TIMEOUT_MS \(60000\) must be at most REQUEST_TIMEOUT_MS \(30000\)/);
  });
});
