/**
 * The fake provider scripts are browser code served to the e2e tests; these tests run them in a
 * minimal DOM so that a broken fake fails here rather than as a puzzling browser failure.
 */
import { webcrypto } from 'node:crypto';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeCaptchaServer } from '../../test-fakes/fake-captcha-server';
import type { FakeCaptchaServer } from '../../test-fakes/fake-captcha-server';
import { fakeHCaptchaScript, fakeReCaptchaScript } from '../../test-fakes/fake-captcha-widget';

interface FakeElement {
  id: string;
  hidden: boolean;
  attributes: Record<string, string>;
  children: FakeElement[];
  parent: FakeElement | null;
  setAttribute(name: string, value: string): void;
  appendChild(child: FakeElement): void;
  remove(): void;
}

function element(id = ''): FakeElement {
  const node: FakeElement = {
    id,
    hidden: false,
    attributes: {},
    children: [],
    parent: null,
    setAttribute(name, value) {
      node.attributes[name] = value;
    },
    appendChild(child) {
      child.parent = node;
      node.children.push(child);
    },
    remove() {
      if (node.parent) node.parent.children.splice(node.parent.children.indexOf(node), 1);
    },
  };
  return node;
}

interface FakeControl {
  nextOutcome?: string;
  defaultOutcome?: string;
  delayMs?: number;
  calls: Array<{ provider: string; method: string; widgetId: unknown; outcome?: string }>;
  expire(widgetId?: unknown): boolean;
}

/** The parts of the providers' APIs the tests call. */
interface FakeWindow {
  hcaptcha: {
    render(container: string, params: Record<string, unknown>): string;
    execute(
      widgetId?: unknown,
      options?: { async?: boolean },
    ): Promise<{ response: string; key: string }> | undefined;
    reset(widgetId?: string): void;
    getResponse(widgetId?: string): string;
  };
  grecaptcha: {
    render(container: string, params: Record<string, unknown>): number;
    execute(widgetId?: number): undefined;
    reset(widgetId?: number): void;
    getResponse(widgetId?: number): string;
    ready(callback: () => void): void;
  };
  __fakeCaptcha: FakeControl;
}

/** Loads a fake script into a fresh window; returns the window. */
function loadScript(source: string, src: string, before: Record<string, unknown> = {}) {
  const container = element('captcha');
  const sandbox: Record<string, unknown> = {
    document: {
      currentScript: { src },
      getElementById: (id: string) => (id === container.id ? container : null),
      createElement: () => element(),
    },
    location: { href: 'http://127.0.0.1:5173/standard' },
    crypto: webcrypto,
    setTimeout,
    URL,
    Uint8Array,
    Promise,
    ...before,
  };
  sandbox.window = sandbox;
  vm.runInNewContext(source, sandbox);
  return { window: sandbox as unknown as FakeWindow, container };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('fake hCaptcha api.js', () => {
  const load = (before: Record<string, unknown> = {}) =>
    loadScript(
      fakeHCaptchaScript(),
      'http://127.0.0.1:9/hcaptcha/api.js?render=explicit&onload=captchaLoaded',
      { __fakeCaptcha: { delayMs: 0 }, ...before },
    );

  it('calls the onload function named in its URL', async () => {
    const captchaLoaded = vi.fn();
    load({ captchaLoaded });
    await settle();
    expect(captchaLoaded).toHaveBeenCalledOnce();
  });

  it('passes a token to the callback of an invisible widget', async () => {
    const { window } = load();
    const callback = vi.fn();
    const id = window.hcaptcha.render('captcha', { sitekey: 'k', size: 'invisible', callback });
    window.hcaptcha.execute(id);
    await settle();
    expect(callback).toHaveBeenCalledWith(expect.stringMatching(/^pass-[0-9a-f]{32}$/));
    expect(window.hcaptcha.getResponse(id)).toBe(callback.mock.calls[0]![0]);
  });

  it('resolves an async execute with the response and its key', async () => {
    const { window } = load();
    const id = window.hcaptcha.render('captcha', { sitekey: 'k', size: 'invisible' });
    const result = await window.hcaptcha.execute(id, { async: true });
    expect(result).toEqual({ response: expect.stringMatching(/^pass-/), key: expect.any(String) });
  });

  it('reports the next outcome once, then passes again', async () => {
    const { window } = load();
    const errorCallback = vi.fn();
    const id = window.hcaptcha.render('captcha', {
      sitekey: 'k',
      size: 'invisible',
      'error-callback': errorCallback,
    });
    window.__fakeCaptcha.nextOutcome = 'error:rate-limited';
    await expect(window.hcaptcha.execute(id, { async: true })).rejects.toBe('rate-limited');
    expect(errorCallback).toHaveBeenCalledWith('rate-limited');
    await expect(window.hcaptcha.execute(id, { async: true })).resolves.toMatchObject({
      response: expect.stringMatching(/^pass-/),
    });
  });

  it('calls close-callback when the challenge is closed', async () => {
    const { window } = load();
    const closed = vi.fn();
    const id = window.hcaptcha.render('captcha', { sitekey: 'k', 'close-callback': closed });
    window.__fakeCaptcha.nextOutcome = 'error:challenge-closed';
    window.hcaptcha.execute(id);
    await settle();
    expect(closed).toHaveBeenCalledOnce();
  });

  it('calls chalexpired-callback when the challenge expires', async () => {
    const { window } = load();
    const expired = vi.fn();
    const id = window.hcaptcha.render('captcha', { sitekey: 'k', 'chalexpired-callback': expired });
    window.__fakeCaptcha.nextOutcome = 'error:challenge-expired';
    window.hcaptcha.execute(id);
    await settle();
    expect(expired).toHaveBeenCalledOnce();
  });

  it('finds a callback given by its global name', async () => {
    const onToken = vi.fn();
    const { window } = load({ onToken });
    const id = window.hcaptcha.render('captcha', { sitekey: 'k', callback: 'onToken' });
    window.hcaptcha.execute(id);
    await settle();
    expect(onToken).toHaveBeenCalledOnce();
  });

  it('rejects with missing-captcha when nothing was rendered', async () => {
    const { window } = load();
    await expect(window.hcaptcha.execute({ async: true })).rejects.toBe('missing-captcha');
  });

  it('rejects with invalid-captcha-id for an unknown widget', async () => {
    const { window } = load();
    window.hcaptcha.render('captcha', { sitekey: 'k' });
    await expect(window.hcaptcha.execute('nope', { async: true })).rejects.toBe(
      'invalid-captcha-id',
    );
  });

  it('clears the response on reset and records the call', async () => {
    const { window } = load();
    const id = window.hcaptcha.render('captcha', { sitekey: 'k' });
    await window.hcaptcha.execute(id, { async: true });
    window.hcaptcha.reset(id);
    expect(window.hcaptcha.getResponse(id)).toBe('');
    expect(window.__fakeCaptcha.calls.map((call: { method: string }) => call.method)).toEqual([
      'load',
      'render',
      'execute',
      'reset',
    ]);
  });

  it('expires a passed token on request', async () => {
    const { window } = load();
    const expired = vi.fn();
    const id = window.hcaptcha.render('captcha', { sitekey: 'k', 'expired-callback': expired });
    await window.hcaptcha.execute(id, { async: true });
    expect(window.__fakeCaptcha.expire(id)).toBe(true);
    expect(expired).toHaveBeenCalledOnce();
    expect(window.hcaptcha.getResponse(id)).toBe('');
  });

  it('keeps the call log when the test replaces the control object', async () => {
    const { window } = load();
    window.hcaptcha.render('captcha', { sitekey: 'k' });
    window.__fakeCaptcha = { nextOutcome: 'error:network-error', delayMs: 0 } as FakeControl;
    await expect(window.hcaptcha.execute(undefined, { async: true })).rejects.toBe('network-error');
    expect(window.__fakeCaptcha.calls).toHaveLength(3);
  });

  it('uses the outcome the server chose when the page sets none', async () => {
    const { window } = loadScript(
      fakeHCaptchaScript('error:internal-error'),
      'http://127.0.0.1:9/hcaptcha/api.js',
      { __fakeCaptcha: { delayMs: 0 } },
    );
    window.hcaptcha.render('captcha', { sitekey: 'k' });
    await expect(window.hcaptcha.execute(undefined, { async: true })).rejects.toBe(
      'internal-error',
    );
  });

  it('refuses an unknown outcome, listing the known ones', () => {
    const { window } = load();
    window.hcaptcha.render('captcha', { sitekey: 'k' });
    window.__fakeCaptcha.nextOutcome = 'error:bogus';
    expect(() => window.hcaptcha.execute()).toThrow(/unexpected outcome "error:bogus".*pass/);
  });
});

describe('fake reCAPTCHA api.js', () => {
  const load = (before: Record<string, unknown> = {}) =>
    loadScript(fakeReCaptchaScript(), 'http://127.0.0.1:9/recaptcha/api.js?render=explicit', {
      __fakeCaptcha: { delayMs: 0 },
      ...before,
    });

  it('numbers widgets from 0 and passes a token to the callback', async () => {
    const { window } = load();
    const callback = vi.fn();
    const id = window.grecaptcha.render('captcha', { sitekey: 'k', size: 'invisible', callback });
    expect(id).toBe(0);
    expect(window.grecaptcha.execute(id)).toBeUndefined();
    await settle();
    expect(callback).toHaveBeenCalledWith(window.grecaptcha.getResponse(id));
  });

  it('calls error-callback without arguments, as the real widget does', async () => {
    const { window } = load();
    const errorCallback = vi.fn();
    const id = window.grecaptcha.render('captcha', {
      sitekey: 'k',
      'error-callback': errorCallback,
    });
    window.__fakeCaptcha.nextOutcome = 'error:network-error';
    window.grecaptcha.execute(id);
    await settle();
    expect(errorCallback).toHaveBeenCalledWith();
  });

  it('calls nothing when the challenge is closed', async () => {
    const { window } = load();
    const callbacks = { callback: vi.fn(), 'error-callback': vi.fn(), 'expired-callback': vi.fn() };
    const id = window.grecaptcha.render('captcha', { sitekey: 'k', ...callbacks });
    window.__fakeCaptcha.nextOutcome = 'error:challenge-closed';
    window.grecaptcha.execute(id);
    await settle();
    for (const callback of Object.values(callbacks)) expect(callback).not.toHaveBeenCalled();
  });

  it('calls expired-callback when the challenge expires', async () => {
    const { window } = load();
    const expired = vi.fn();
    const id = window.grecaptcha.render('captcha', { sitekey: 'k', 'expired-callback': expired });
    window.__fakeCaptcha.nextOutcome = 'error:challenge-expired';
    window.grecaptcha.execute(id);
    await settle();
    expect(expired).toHaveBeenCalledOnce();
  });

  it('throws the real message when no widget exists', () => {
    const { window } = load();
    expect(() => window.grecaptcha.execute()).toThrow('No reCAPTCHA clients exist.');
  });

  it('throws the real message for an unknown widget id', () => {
    const { window } = load();
    window.grecaptcha.render('captcha', { sitekey: 'k' });
    expect(() => window.grecaptcha.execute(7)).toThrow('Invalid reCAPTCHA client id: 7');
  });

  it('refuses to render twice into one element', () => {
    const { window } = load();
    window.grecaptcha.render('captcha', { sitekey: 'k' });
    expect(() => window.grecaptcha.render('captcha', { sitekey: 'k' })).toThrow(
      'reCAPTCHA has already been rendered in this element',
    );
  });

  it('clears the response on reset', async () => {
    const { window } = load();
    const id = window.grecaptcha.render('captcha', { sitekey: 'k' });
    window.grecaptcha.execute(id);
    await settle();
    window.grecaptcha.reset(id);
    expect(window.grecaptcha.getResponse(id)).toBe('');
  });

  it('runs ready callbacks', async () => {
    const { window } = load();
    const ready = vi.fn();
    window.grecaptcha.ready(ready);
    await settle();
    expect(ready).toHaveBeenCalledOnce();
  });
});

describe('startFakeCaptchaServer', () => {
  let server: FakeCaptchaServer;
  beforeAll(async () => {
    server = await startFakeCaptchaServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves both fake scripts as JavaScript', async () => {
    for (const url of [server.hCaptchaScriptUrl, server.reCaptchaScriptUrl]) {
      const response = await fetch(`${url}?onload=ready`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(await response.text()).toContain('__fakeCaptcha');
    }
  });

  it('bakes the chosen widget outcome into the served script', async () => {
    server.setWidgetOutcome('error:challenge-error');
    const source = await (await fetch(server.hCaptchaScriptUrl)).text();
    server.setWidgetOutcome('pass');
    expect(source).toContain('var DEFAULT_OUTCOME = "error:challenge-error"');
  });

  it('answers 503 for the scripts when told they are unavailable', async () => {
    server.setScriptsAvailable(false);
    const response = await fetch(server.reCaptchaScriptUrl);
    server.setScriptsAvailable(true);
    expect(response.status).toBe(503);
  });

  it('closes even while a siteverify request hangs', async () => {
    const hanging = await startFakeCaptchaServer();
    hanging.setOutcome('hang');
    const request = fetch(hanging.hCaptchaSiteverifyUrl, { method: 'POST', body: 'response=x' });
    await vi.waitFor(() => expect(hanging.calls).toHaveLength(1));
    await hanging.close();
    await expect(request).rejects.toThrow();
  });
});
