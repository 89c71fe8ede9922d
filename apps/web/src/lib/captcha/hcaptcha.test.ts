import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHCaptchaWidget } from './hcaptcha';

const SCRIPT = 'http://127.0.0.1:4011/hcaptcha.js';

function installFake(execute: () => Promise<{ response: string }>) {
  const fake = {
    render: vi.fn((_host: HTMLElement, _params: Record<string, unknown>) => 'h-1'),
    execute: vi.fn(execute),
    reset: vi.fn(),
    remove: vi.fn(),
  };
  Object.assign(window, { hcaptcha: fake });
  return fake;
}

async function rendered(fake: ReturnType<typeof installFake>) {
  const widget = createHCaptchaWidget({ siteKey: 'key-1', scriptUrl: SCRIPT });
  const container = document.createElement('div');
  const rendering = widget.render(container);
  (window as unknown as Record<string, () => void>).onHCaptchaLoad?.();
  const widgetId = await rendering;
  return { widget, widgetId, container, fake };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'hcaptcha');
});

describe('hCaptcha widget', () => {
  it('renders an invisible widget with the site key', async () => {
    const { fake, container, widgetId } = await rendered(
      installFake(async () => ({ response: 't' })),
    );
    expect(widgetId).toBe('h-1');
    const [host, params] = fake.render.mock.calls[0] ?? [];
    expect(host?.parentElement).toBe(container);
    expect(params).toEqual({ sitekey: 'key-1', size: 'invisible' });
  });

  it('takes the removed widget out of its container', async () => {
    const { widget, widgetId, container } = await rendered(
      installFake(async () => ({ response: 't' })),
    );
    expect(container.childElementCount).toBe(1);
    widget.remove(widgetId);
    expect(container.childElementCount).toBe(0);
  });

  it('resolves execute with the response token', async () => {
    const { widget, widgetId } = await rendered(installFake(async () => ({ response: 'token-h' })));
    await expect(widget.execute(widgetId)).resolves.toBe('token-h');
  });

  it('turns the provider error code into a captcha error', async () => {
    const { widget, widgetId } = await rendered(installFake(() => Promise.reject('rate-limited')));
    await expect(widget.execute(widgetId)).rejects.toMatchObject({ code: 'rate-limited' });
  });

  it('passes reset and remove to the provider', async () => {
    const { widget, widgetId, fake } = await rendered(installFake(async () => ({ response: 't' })));
    widget.reset(widgetId);
    widget.remove(widgetId);
    expect(fake.reset).toHaveBeenCalledWith('h-1');
    expect(fake.remove).toHaveBeenCalledWith('h-1');
  });
});
