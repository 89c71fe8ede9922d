/**
 * A POST whose body's upload can be followed: fetch reports no upload progress, so the claim's
 * multipart body goes through XMLHttpRequest, answered as a fetch Response so that the API
 * client's retries (lib/retry.ts) and answer checks treat it as any other call. As fetch does,
 * it rejects with a TypeError when the network fails and with an AbortError DOMException when
 * the signal aborts it.
 */

export interface UploadProgress {
  /** Bytes of the body sent so far. */
  loaded: number;
  /** Bytes of the whole body; 0 while the browser does not know it. */
  total: number;
}

export interface UploadRequest {
  headers: Headers;
  body: XMLHttpRequestBodyInit;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** The response headers as XMLHttpRequest gives them, one "name: value" a line. */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Statuses whose Response may not carry a body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError');
}

export function postWithUploadProgress(path: string, request: UploadRequest): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { signal } = request;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.addEventListener('progress', (event) => {
      request.onProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : 0,
      });
    });
    xhr.addEventListener('load', () => {
      settle();
      const bodiless = NULL_BODY_STATUSES.has(xhr.status);
      resolve(
        new Response(bodiless ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError(`POST ${path} failed: the network connection was lost`));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new TypeError(`POST ${path} failed: the connection timed out`));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    xhr.send(request.body);
  });
}
