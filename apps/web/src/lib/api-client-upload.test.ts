import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCsrf, loadCsrf, postClaimSubmission, type ApiError } from './api-client';
import { FakeXhr } from './testing/fake-xhr';
import type { UploadProgress } from './upload-request';

const CSRF = { requestHeaderName: 'X-CSRF-Token', requestToken: 'token-123' };
const FILED = {
  error: null,
  nonMatchingPaymentElection: false,
  referenceCodeForm: 'ABC-7K3Q-9XT4',
};

beforeEach(async () => {
  FakeXhr.sent = [];
  clearCsrf();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal(
    'fetch',
    vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        new Response(JSON.stringify(CSRF), { headers: { 'Content-Type': 'application/json' } }),
      ),
  );
  await loadCsrf();
});
afterEach(() => vi.unstubAllGlobals());

async function nextXhr(count: number): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(count), { timeout: 5000 });
  return FakeXhr.sent[count - 1]!;
}

describe('a claim submitted with its upload followed', () => {
  it('reports the upload, carries the CSRF token and answers the reference code', async () => {
    const seen: UploadProgress[] = [];
    const answer = postClaimSubmission('Standard', new FormData(), {
      onProgress: (progress) => seen.push(progress),
    });
    const xhr = await nextXhr(1);
    xhr.progress(2048, 2048);
    xhr.answer(200, JSON.stringify(FILED));
    await expect(answer).resolves.toMatchObject({
      status: 200,
      body: { referenceCodeForm: 'ABC-7K3Q-9XT4' },
    });
    expect(xhr.headers.get('x-csrf-token')).toBe('token-123');
    expect(seen).toEqual([{ loaded: 2048, total: 2048 }]);
  });

  it('sends the claim again when the connection is lost, as any retried call', async () => {
    const answer = postClaimSubmission('Standard', new FormData(), { onProgress: () => {} });
    (await nextXhr(1)).fail();
    (await nextXhr(2)).answer(200, JSON.stringify(FILED));
    await expect(answer).resolves.toMatchObject({ status: 200 });
  });

  it('is not sent again once the claimant cancels it', async () => {
    const controller = new AbortController();
    const answer = postClaimSubmission('Standard', new FormData(), {
      signal: controller.signal,
    });
    await nextXhr(1);
    controller.abort();
    const error = (await answer.catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(0);
    expect(error.cause).toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(FakeXhr.sent).toHaveLength(1);
  });
});
