import { describe, expect, it, vi } from 'vitest';
import { withRetries } from './retry';

function answer(status: number, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify({ status }), { status, headers });
}

/** Retries that wait for nothing but note how long they were asked to wait. */
function instant() {
  const waits: number[] = [];
  const sleep = vi.fn(async (ms: number) => {
    waits.push(ms);
  });
  return { waits, options: { sleep, random: () => 0.5 } };
}

describe('withRetries', () => {
  it('answers the first response when it is not a failure of the instance behind the proxy', async () => {
    const send = vi.fn(async () => answer(400));
    const { waits, options } = instant();
    expect((await withRetries(send, options)).status).toBe(400);
    expect(send).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });

  it('sends again after a network failure, a 502, a 503 and a 504, waiting 0.5, 1 and 2 s', async () => {
    const send = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(502))
      .mockResolvedValueOnce(answer(503))
      .mockResolvedValueOnce(answer(200));
    const { waits, options } = instant();
    expect((await withRetries(send, options)).status).toBe(200);
    expect(send).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([500, 1000, 2000]);
  });

  it('spreads each wait by up to a quarter either way', async () => {
    const send = vi.fn(async () => answer(504));
    const low = instant();
    await withRetries(send, { ...low.options, random: () => 0 });
    expect(low.waits).toEqual([375, 750, 1500]);
    const high = instant();
    await withRetries(send, { ...high.options, random: () => 0.999_999 });
    expect(high.waits.map(Math.round)).toEqual([625, 1250, 2500]);
  });

  it('answers the last failure once the retries run out', async () => {
    const send = vi.fn(async () => answer(502));
    const { options } = instant();
    expect((await withRetries(send, options)).status).toBe(502);
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('throws the last network error once the retries run out', async () => {
    const send = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { options } = instant();
    await expect(withRetries(send, options)).rejects.toThrow('Failed to fetch');
    expect(send).toHaveBeenCalledTimes(4);
  });

  it('answers a 503 that asks for a longer wait than the retries take, such as a scanner out of reach', async () => {
    const send = vi.fn(async () => answer(503, { 'Retry-After': '60' }));
    const { options } = instant();
    expect((await withRetries(send, options)).status).toBe(503);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('waits as long as a short Retry-After asks when that is longer than its own wait', async () => {
    const send = vi
      .fn<() => Promise<Response>>()
      .mockResolvedValueOnce(answer(503, { 'Retry-After': '2' }))
      .mockResolvedValueOnce(answer(200));
    const { waits, options } = instant();
    await withRetries(send, options);
    expect(waits).toEqual([2000]);
  });

  it('does not send again a call the page aborted', async () => {
    const send = vi.fn(async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    const { options } = instant();
    await expect(withRetries(send, options)).rejects.toThrow('aborted');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('does not send again a 429 or a 500', async () => {
    for (const status of [429, 500]) {
      const send = vi.fn(async () => answer(status));
      const { options } = instant();
      expect((await withRetries(send, options)).status).toBe(status);
      expect(send).toHaveBeenCalledTimes(1);
    }
  });
});
