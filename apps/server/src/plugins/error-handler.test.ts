import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError, PaymentElectionMismatchError, ServiceUnavailableError } from '../http-error';
import errorHandler from './error-handler';

const app = Fastify({ logger: false });

beforeAll(async () => {
  await app.register(errorHandler);
  app.get('/boom', async () => {
    throw new Error('connection to 10.0.0.5:5432 refused for user claims_admin');
  });
  app.get('/teapot', async () => {
    throw new HttpError(418, 'no coffee here; ask for tea');
  });
  app.post('/submit', { config: { errorShape: 'submit' } }, async () => {
    throw new PaymentElectionMismatchError('the PayPal e-mail does not match');
  });
  app.post('/authorize', { config: { errorShape: 'authorize' } }, async () => {
    throw new HttpError(400, 'the deadline has passed');
  });
  app.post('/json', async (request) => request.body);
  app.post('/scan', { config: { errorShape: 'submit' } }, async () => {
    throw new ServiceUnavailableError('the scanner is down; send it again in a minute', 60);
  });
  await app.ready();
});
afterAll(async () => app.close());

describe('the error handler', () => {
  it('answers a server error with 500 and no internals', async () => {
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: 'The server could not complete the request; please try again later.',
    });
    expect(response.body).not.toContain('10.0.0.5');
  });

  it('answers a 503 the server chose with its message and a Retry-After header', async () => {
    const response = await app.inject({ method: 'POST', url: '/scan' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toEqual({
      error: 'the scanner is down; send it again in a minute',
      nonMatchingPaymentElection: false,
    });
  });

  it('answers a client error with its status and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/teapot' });
    expect(response.statusCode).toBe(418);
    expect(response.json()).toEqual({ error: 'no coffee here; ask for tea' });
  });

  it('shapes a submit error as docs/behaviour.md#api-answers says, with nonMatchingPaymentElection', async () => {
    const response = await app.inject({ method: 'POST', url: '/submit' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'the PayPal e-mail does not match',
      nonMatchingPaymentElection: true,
    });
  });

  it('shapes an authorize error as an authorize answer', async () => {
    const response = await app.inject({ method: 'POST', url: '/authorize' });
    expect(response.json()).toEqual({
      authorized: false,
      error: 'the deadline has passed',
      captcha: null,
      prepopulatedData: null,
    });
  });

  it('says in plain words that a body is not valid JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'the body is not valid JSON' });
  });

  it('refuses a body that would set a prototype', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('names an unsupported content type', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/json',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatch(/^unsupported Content-Type/);
  });
});
