import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_ERROR_ACTIONS } from './captcha-widget';
import { createGoogleReCaptchaWidget } from './google-recaptcha';

type Params = Record<string, (value?: string) => void>;

function installFake() {
  let params: Params = {};
  const fake = {
    render: vi.fn((_container: HTMLElement, given: Params) => {
      params = given;
      return 0;
    }),
    execute: vi.fn(),
    reset: vi.fn(),
    params: () => params,
  };
  Object.assign(window, { grecaptcha: fake });
  return fake;
}

async function rendered() {
  const fake = installFake();
  const widget = createGoogleReCaptchaWidget({
    siteKey: 'key-g',
    scriptUrl: 'http://127.0.0.1:4012/recaptcha.js',
  });
  const container = document.createElement('div');
  const rendering = widget.render(container);
  (window as unknown as Record<string, () => void>).onReCaptchaLoad?.();
  return { widget, fake, container, widgetId: await rendering };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'grecaptcha');
});

describe('Google reCAPTCHA widget', () => {
  it('renders an invisible widget with the site key', async () => {
    const { fake, widgetId } = await rendered();
    expect(widgetId).toBe('0');
    expect(fake.render.mock.calls[0]?.[1]).toMatchObject({ sitekey: 'key-g', size: 'invisible' });
  });

  it('renders each widget into an element of its own inside the container', async () => {
    const { fake, container } = await rendered();
    const host = fake.render.mock.calls[0]?.[0];
    expect(host).not.toBe(container);
    expect(host?.parentElement).toBe(container);
  });

  it('takes the removed widget out of its container, so the container can be rendered into again', async () => {
    const { widget, fake, container, widgetId } = await rendered();
    widget.remove(widgetId);
    expect(container.childElementCount).toBe(0);
    await widget.render(container);
    expect(fake.render.mock.calls[1]?.[0]?.parentElement).toBe(container);
    expect(container.childElementCount).toBe(1);
  });

  it('ends a run in progress as challenge-closed when its widget is removed', async () => {
    const { widget, widgetId } = await rendered();
    const run = widget.execute(widgetId);
    widget.remove(widgetId);
    await expect(run).rejects.toMatchObject({ code: 'challenge-closed' });
  });

  it('resolves execute with the token given to the callback', async () => {
    const { widget, fake, widgetId } = await rendered();
    const run = widget.execute(widgetId);
    expect(fake.execute).toHaveBeenCalledWith(0);
    fake.params().callback?.('token-g');
    await expect(run).resolves.toBe('token-g');
  });

  it('rejects an expired token as challenge-expired', async () => {
    const { widget, fake, widgetId } = await rendered();
    const run = widget.execute(widgetId);
    fake.params()['expired-callback']?.();
    await expect(run).rejects.toMatchObject({ code: 'challenge-expired' });
  });

  it('rejects a provider error while online as an internal error, which resets the widget', async () => {
    const { widget, fake, widgetId } = await rendered();
    const run = widget.execute(widgetId);
    fake.params()['error-callback']?.();
    await expect(run).rejects.toMatchObject({ code: 'internal-error' });
    expect(CAPTCHA_ERROR_ACTIONS['internal-error']).toBe('reset');
  });

  it('rejects a provider error while the browser is offline as a network error', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { widget, fake, widgetId } = await rendered();
      const run = widget.execute(widgetId);
      fake.params()['error-callback']?.();
      await expect(run).rejects.toMatchObject({ code: 'network-error' });
    } finally {
      online.mockRestore();
    }
  });

  it('rejects a run on a widget the provider does not know as an invalid id', async () => {
    const { widget, fake, widgetId } = await rendered();
    fake.execute.mockImplementation(() => {
      throw new Error('Invalid reCAPTCHA client id: 0');
    });
    await expect(widget.execute(widgetId)).rejects.toMatchObject({ code: 'invalid-captcha-id' });
  });

  it('reports a missing widget when reCAPTCHA has no clients', async () => {
    const { widget, fake, widgetId } = await rendered();
    fake.execute.mockImplementation(() => {
      throw new Error('No reCAPTCHA clients exist.');
    });
    await expect(widget.execute(widgetId)).rejects.toMatchObject({ code: 'missing-captcha' });
  });

  it('ends the run as challenge-closed when the claimant is back on the page', async () => {
    const { widget, widgetId } = await rendered();
    const run = widget.execute(widgetId);
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await expect(run).rejects.toMatchObject({ code: 'challenge-closed' });
  });

  it('stops watching the page once the token arrives', async () => {
    const { widget, fake, widgetId } = await rendered();
    const removed = vi.spyOn(document, 'removeEventListener');
    const run = widget.execute(widgetId);
    fake.params().callback?.('token-g');
    await run;
    expect(removed).toHaveBeenCalledWith('pointerdown', expect.any(Function), true);
  });
});
