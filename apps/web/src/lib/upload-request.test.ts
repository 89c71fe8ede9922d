import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from './testing/fake-xhr';
import { postWithUploadProgress, type UploadProgress } from './upload-request';

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

function lastXhr(): FakeXhr {
  const xhr = FakeXhr.sent.at(-1);
  if (xhr === undefined) throw new Error('nothing was sent');
  return xhr;
}

const body = () => new FormData();

describe('a POST whose upload is followed', () => {
  it('sends the body with the headers and reports each step of the upload', async () => {
    const seen: UploadProgress[] = [];
    const headers = new Headers({ 'X-CSRF-Token': 'token-1' });
    const sent = body();
    const answer = postWithUploadProgress('/api/forms/standard', {
      headers,
      body: sent,
      onProgress: (progress) => seen.push(progress),
    });
    const xhr = lastXhr();
    xhr.progress(1000, 4000);
    xhr.progress(4000, 4000);
    xhr.answer(200, '{"referenceCodeForm":"ABC"}');
    const response = await answer;
    expect(xhr.method).toBe('POST');
    expect(xhr.headers.get('x-csrf-token')).toBe('token-1');
    expect(xhr.body).toBe(sent);
    expect(seen).toEqual([
      { loaded: 1000, total: 4000 },
      { loaded: 4000, total: 4000 },
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    await expect(response.json()).resolves.toEqual({ referenceCodeForm: 'ABC' });
  });

  it('reports a total of 0 while the browser does not know the size', async () => {
    const seen: UploadProgress[] = [];
    const answer = postWithUploadProgress('/x', {
      headers: new Headers(),
      body: body(),
      onProgress: (progress) => seen.push(progress),
    });
    lastXhr().progress(500, 0);
    lastXhr().answer(204, '');
    expect((await answer).status).toBe(204);
    expect(seen).toEqual([{ loaded: 500, total: 0 }]);
  });

  it('fails with a TypeError, as fetch does, when the connection is lost', async () => {
    const answer = postWithUploadProgress('/x', { headers: new Headers(), body: body() });
    lastXhr().fail();
    await expect(answer).rejects.toThrow(TypeError);
  });

  it('stops the upload and fails with an AbortError when it is cancelled', async () => {
    const controller = new AbortController();
    const answer = postWithUploadProgress('/x', {
      headers: new Headers(),
      body: body(),
      signal: controller.signal,
    });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(lastXhr().aborted).toBe(true);
  });

  it('sends nothing when it was cancelled before it started', async () => {
    const controller = new AbortController();
    controller.abort();
    const answer = postWithUploadProgress('/x', {
      headers: new Headers(),
      body: body(),
      signal: controller.signal,
    });
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.sent).toEqual([]);
  });
});
