import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRows, startTestApp, TestClient, type TestApp } from '../test/test-app';
import { ServerMetrics } from './metrics';

const TOKEN = 'metrics-token-of-at-least-32-characters';

/** The value of one sample line of the text format, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('ServerMetrics', () => {
  it('counts claims filed by form and the documents and bytes received', async () => {
    const metrics = new ServerMetrics();
    metrics.claimFiled('Standard');
    metrics.claimFiled('Standard');
    metrics.documentReceived(1000);
    metrics.documentReceived(24);
    const text = await metrics.registry.metrics();
    expect(sample(text, 'claims_filed_total{form="Standard"}')).toBe(2);
    expect(sample(text, 'claims_documents_received_total')).toBe(2);
    expect(sample(text, 'claims_upload_bytes_total')).toBe(1024);
  });

  it('reads authorize outcomes and lockouts from the security events', async () => {
    const metrics = new ServerMetrics();
    metrics.securityEvent('authorize.refused');
    metrics.securityEvent('authorize.lockout');
    metrics.securityEvent('captcha.refused');
    metrics.securityEvent('csrf.refused');
    const text = await metrics.registry.metrics();
    expect(sample(text, 'claims_authorize_total{outcome="refused"}')).toBe(1);
    expect(sample(text, 'claims_authorize_total{outcome="captcha_refused"}')).toBe(1);
    expect(sample(text, 'claims_lockouts_total')).toBe(1);
    expect(sample(text, 'claims_security_events_total{event="csrf.refused"}')).toBe(1);
  });

  it('reports the job queue as it stands at each scrape', async () => {
    const metrics = new ServerMetrics();
    let waiting = 3;
    metrics.watchJobs(async () => ({
      email: { waiting, retrying: 1, active: 0, dead: 2, failedRuns: 5 },
    }));
    const first = await metrics.registry.metrics();
    expect(sample(first, 'claims_jobs{name="email",state="waiting"}')).toBe(3);
    expect(sample(first, 'claims_jobs{name="email",state="dead"}')).toBe(2);
    expect(sample(first, 'claims_job_failed_runs{name="email"}')).toBe(5);
    waiting = 0;
    const second = await metrics.registry.metrics();
    expect(sample(second, 'claims_jobs{name="email",state="waiting"}')).toBe(0);
  });
});

describe('GET /metrics', () => {
  let withToken: TestApp;
  let withoutToken: TestApp;
  beforeAll(async () => {
    withToken = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
    withoutToken = await startTestApp();
  });
  afterAll(async () => {
    await withToken.close();
    await withoutToken.close();
  });

  const scrape = (app: TestApp, authorization?: string) =>
    app.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: authorization === undefined ? {} : { authorization },
    });

  it('is not served without METRICS_TOKEN', async () => {
    const response = await scrape(withoutToken, `Bearer ${TOKEN}`);
    expect(response.statusCode).not.toBe(200);
    expect(response.body).not.toContain('claims_');
  });

  it('refuses a scrape without the token, or with another, with 401', async () => {
    for (const authorization of [undefined, 'Bearer another-token', TOKEN]) {
      const response = await scrape(withToken, authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('claims_');
    }
  });

  it('answers the counts, the job queue and the process metrics to the token', async () => {
    const [member] = await demoRows('class-list.csv');
    const client = new TestClient(withToken.app, '10.14.9.1');
    await client.csrf();
    await client.authorize('Standard', { noticeId: member!.NoticeId!, pin: '000000' });
    const response = await scrape(withToken, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(response.body, 'claims_authorize_total{outcome="refused"}')).toBe(1);
    expect(sample(response.body, 'claims_jobs{name="email",state="waiting"}')).toBe(0);
    expect(response.body).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(response.body).toContain('process_cpu_seconds_total');
  });
});
