import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';

const SECRETS = { SESSION_SECRET: 's'.repeat(32), PIN_PEPPER: 'p'.repeat(32) };

describe('the operations settings of the environment', () => {
  it('default to in-memory rate limits per minute, no metrics and a 30 s shutdown', () => {
    expect(readConfig(SECRETS).ops).toEqual({
      redisUrl: undefined,
      redisKeyPrefix: 'claims:',
      rateLimits: {
        windowSeconds: 60,
        max: { authorize: 30, status: 30, captcha: 60, session: 120 },
      },
      metricsToken: undefined,
      shutdownTimeoutMs: 30_000,
    });
  });

  it('read Redis, each limit, the metrics token and the shutdown timeout', () => {
    const ops = readConfig({
      ...SECRETS,
      REDIS_URL: 'redis://cache.internal:6379/2',
      REDIS_KEY_PREFIX: 'site-a:',
      RATE_LIMIT_WINDOW_SECONDS: '10',
      RATE_LIMIT_AUTHORIZE: '0',
      RATE_LIMIT_STATUS: '5',
      RATE_LIMIT_CAPTCHA: '6',
      RATE_LIMIT_SESSION: '7',
      METRICS_TOKEN: 't'.repeat(32),
      SHUTDOWN_TIMEOUT_MS: '5000',
    }).ops;
    expect(ops).toEqual({
      redisUrl: 'redis://cache.internal:6379/2',
      redisKeyPrefix: 'site-a:',
      rateLimits: { windowSeconds: 10, max: { authorize: 0, status: 5, captcha: 6, session: 7 } },
      metricsToken: 't'.repeat(32),
      shutdownTimeoutMs: 5000,
    });
  });

  it.each([
    ['REDIS_URL', 'http://cache:6379', /REDIS_URL must be redis:\/\//],
    ['RATE_LIMIT_AUTHORIZE', '-1', /RATE_LIMIT_AUTHORIZE must be a whole number from 0/],
    ['RATE_LIMIT_WINDOW_SECONDS', '0', /RATE_LIMIT_WINDOW_SECONDS must be a whole number from 1/],
    ['METRICS_TOKEN', 'short', /METRICS_TOKEN must be at least 32 characters/],
    ['SHUTDOWN_TIMEOUT_MS', '10', /SHUTDOWN_TIMEOUT_MS must be a whole number from 1000/],
  ])('refuse %s=%s naming the rule', (name, value, message) => {
    expect(() => readConfig({ ...SECRETS, [name]: value })).toThrow(message);
  });
});
