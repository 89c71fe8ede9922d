import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CaptchaError, type CaptchaWidget } from '../lib/captcha/captcha-widget';
import type { CaptchaSettings } from '../lib/captcha/registry';
import { useCaptchaStore } from './captcha-store';

const settings: CaptchaSettings = { provider: 'HCaptcha', siteKey: 'site-key' };

function fakeWidget(overrides: Partial<CaptchaWidget> = {}) {
  let rendered = 0;
  const render: CaptchaWidget['render'] = async () => {
    rendered += 1;
    return `widget-${rendered}`;
  };
  return {
    render: vi.fn<CaptchaWidget['render']>(overrides.render ?? render),
    execute: vi.fn<CaptchaWidget['execute']>(overrides.execute ?? (async () => 'token-1')),
    reset: vi.fn<CaptchaWidget['reset']>(overrides.reset ?? (() => undefined)),
    remove: vi.fn<CaptchaWidget['remove']>(overrides.remove ?? (() => undefined)),
  };
}

async function setUp(widget: CaptchaWidget) {
  const container = document.createElement('div');
  await useCaptchaStore.getState().initialize(settings, () => widget);
  await useCaptchaStore.getState().mount(container);
  return container;
}

let container: HTMLElement | null = null;

beforeEach(() => {
  container = null;
  // Most tests are of a claimant who has started on a page that runs the captcha.
  useCaptchaStore.setState({ prepared: true });
});

afterEach(() => {
  if (container) useCaptchaStore.getState().unmount(container);
});

describe('captcha store', () => {
  it('is not ready before initialize', () => {
    expect(useCaptchaStore.getState().ready).toBe(false);
  });

  it('becomes ready with the provider and site key once initialized', async () => {
    container = await setUp(fakeWidget());
    const state = useCaptchaStore.getState();
    expect(state.ready).toBe(true);
    expect(state.provider).toBe('HCaptcha');
    expect(state.siteKey).toBe('site-key');
  });

  it('loads and renders nothing until the claimant starts on a page that runs the captcha', async () => {
    useCaptchaStore.setState({ prepared: false });
    const widget = fakeWidget();
    container = await setUp(widget);
    expect(widget.render).not.toHaveBeenCalled();
    await useCaptchaStore.getState().prepare();
    expect(widget.render).toHaveBeenCalledWith(container);
    expect(useCaptchaStore.getState().widgetId).toBe('widget-1');
  });

  it('renders the widget on its first run when it was never prepared', async () => {
    useCaptchaStore.setState({ prepared: false });
    const widget = fakeWidget();
    container = await setUp(widget);
    await expect(useCaptchaStore.getState().execute()).resolves.toBe('token-1');
    expect(widget.render).toHaveBeenCalledTimes(1);
    expect(widget.execute).toHaveBeenCalledWith('widget-1');
  });

  it('renders the widget into the mounted container', async () => {
    const widget = fakeWidget();
    container = await setUp(widget);
    expect(widget.render).toHaveBeenCalledWith(container);
    expect(useCaptchaStore.getState().widgetId).toBe('widget-1');
  });

  it('resolves execute with the token and keeps it', async () => {
    container = await setUp(fakeWidget());
    await expect(useCaptchaStore.getState().execute()).resolves.toBe('token-1');
    expect(useCaptchaStore.getState().token).toBe('token-1');
  });

  it('solves a challenge the server handed over with the widget and keeps the token', async () => {
    const challenge = { parameters: { nonce: 'n' }, signature: 's' };
    const solve = vi.fn<NonNullable<CaptchaWidget['solve']>>(async () => 'harder-token');
    container = await setUp({ ...fakeWidget(), solve });
    await expect(useCaptchaStore.getState().solve(challenge)).resolves.toBe('harder-token');
    expect(solve).toHaveBeenCalledWith('widget-1', challenge);
    expect(useCaptchaStore.getState().token).toBe('harder-token');
  });

  it('answers null to a handed-over challenge when the provider cannot solve one', async () => {
    container = await setUp(fakeWidget());
    await expect(
      useCaptchaStore.getState().solve({ parameters: {}, signature: 's' }),
    ).resolves.toBeNull();
    expect(useCaptchaStore.getState().lastError).toBe('challenge-error');
  });

  it('runs one challenge at a time', async () => {
    let finish: (token: string) => void = () => undefined;
    const widget = fakeWidget({
      execute: vi.fn(() => new Promise<string>((resolve) => (finish = resolve))),
    });
    container = await setUp(widget);
    const first = useCaptchaStore.getState().execute();
    const second = useCaptchaStore.getState().execute();
    await vi.waitFor(() => expect(widget.execute).toHaveBeenCalled());
    finish('only-token');
    await expect(first).resolves.toBe('only-token');
    await expect(second).resolves.toBe('only-token');
    expect(widget.execute).toHaveBeenCalledTimes(1);
  });

  it('is in progress while the challenge runs', async () => {
    let finish: (token: string) => void = () => undefined;
    const widget = fakeWidget({
      execute: vi.fn(() => new Promise<string>((resolve) => (finish = resolve))),
    });
    container = await setUp(widget);
    const run = useCaptchaStore.getState().execute();
    expect(useCaptchaStore.getState().inProgress).toBe(true);
    await vi.waitFor(() => expect(widget.execute).toHaveBeenCalled());
    finish('token');
    await run;
    expect(useCaptchaStore.getState().inProgress).toBe(false);
  });

  it.each(['missing-captcha', 'invalid-captcha-id'] as const)(
    're-renders the widget on %s',
    async (code) => {
      const widget = fakeWidget({ execute: vi.fn(() => Promise.reject(new CaptchaError(code))) });
      container = await setUp(widget);
      await expect(useCaptchaStore.getState().execute()).resolves.toBeNull();
      await vi.waitFor(() => expect(widget.render).toHaveBeenCalledTimes(2));
      expect(widget.remove).toHaveBeenCalledWith('widget-1');
      expect(widget.reset).not.toHaveBeenCalled();
    },
  );

  it.each([
    'rate-limited',
    'invalid-data',
    'challenge-closed',
    'challenge-expired',
    'challenge-error',
    'internal-error',
  ] as const)('resets the widget on %s', async (code) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const widget = fakeWidget({ execute: vi.fn(() => Promise.reject(new CaptchaError(code))) });
    container = await setUp(widget);
    await expect(useCaptchaStore.getState().execute()).resolves.toBeNull();
    expect(widget.reset).toHaveBeenCalledWith('widget-1');
    expect(widget.render).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
    expect(useCaptchaStore.getState().lastError).toBe(code);
  });

  it.each(['network-error', 'script-error'] as const)('only logs a warning on %s', async (code) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const widget = fakeWidget({ execute: vi.fn(() => Promise.reject(new CaptchaError(code))) });
    container = await setUp(widget);
    await expect(useCaptchaStore.getState().execute()).resolves.toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(widget.reset).not.toHaveBeenCalled();
    expect(widget.render).toHaveBeenCalledTimes(1);
  });

  it('treats an unknown failure as an internal error and resets', async () => {
    const widget = fakeWidget({ execute: vi.fn(() => Promise.reject(new Error('boom'))) });
    container = await setUp(widget);
    await useCaptchaStore.getState().execute();
    expect(useCaptchaStore.getState().lastError).toBe('internal-error');
    expect(widget.reset).toHaveBeenCalled();
  });

  it('warns when the provider script fails to load and renders again on the next run', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const render = vi
      .fn<CaptchaWidget['render']>()
      .mockRejectedValueOnce(new CaptchaError('script-error'))
      .mockResolvedValue('widget-2');
    const widget = fakeWidget({ render });
    container = await setUp(widget);
    expect(warn).toHaveBeenCalledTimes(1);
    await expect(useCaptchaStore.getState().execute()).resolves.toBe('token-1');
    expect(widget.execute).toHaveBeenCalledWith('widget-2');
  });

  it('clears the token on reset', async () => {
    const widget = fakeWidget();
    container = await setUp(widget);
    await useCaptchaStore.getState().execute();
    useCaptchaStore.getState().reset();
    expect(useCaptchaStore.getState().token).toBeNull();
    expect(widget.reset).toHaveBeenCalledWith('widget-1');
  });

  it('removes the widget when its container unmounts', async () => {
    const widget = fakeWidget();
    const element = await setUp(widget);
    useCaptchaStore.getState().unmount(element);
    expect(widget.remove).toHaveBeenCalledWith('widget-1');
    expect(useCaptchaStore.getState().widgetId).toBeNull();
  });

  it('fails a run without a mounted container as a missing widget', async () => {
    const widget = fakeWidget();
    await useCaptchaStore.getState().initialize(settings, () => widget);
    await expect(useCaptchaStore.getState().execute()).resolves.toBeNull();
    expect(useCaptchaStore.getState().lastError).toBe('missing-captcha');
  });

  it('keeps the previous captcha value', () => {
    useCaptchaStore.getState().setPreviousCaptcha('server-value');
    expect(useCaptchaStore.getState().previousCaptcha).toBe('server-value');
  });
});

/** A widget whose renders finish only when the test says so, numbered w-1, w-2, … */
function deferredWidget() {
  const pending: ((widgetId: string) => void)[] = [];
  const widget = fakeWidget({
    render: vi.fn(
      () =>
        new Promise<string>((resolve) => {
          pending.push(resolve);
        }),
    ),
  });
  return {
    widget,
    /** Finishes the oldest render still running with this id. */
    finishRender(widgetId: string) {
      const finish = pending.shift();
      if (!finish) throw new Error('no render is running');
      finish(widgetId);
    },
  };
}

describe('captcha store rendering', () => {
  const mounted: HTMLElement[] = [];

  function element(): HTMLElement {
    const created = document.createElement('div');
    mounted.push(created);
    return created;
  }

  afterEach(() => {
    for (const created of mounted.splice(0)) useCaptchaStore.getState().unmount(created);
  });

  it('renders once when the container mounts, unmounts and mounts again while rendering', async () => {
    const { widget, finishRender } = deferredWidget();
    await useCaptchaStore.getState().initialize(settings, () => widget);
    const target = element();
    const store = useCaptchaStore.getState();
    const first = store.mount(target);
    store.unmount(target);
    const second = store.mount(target);
    await vi.waitFor(() => expect(widget.render).toHaveBeenCalled());
    finishRender('w-1');
    await Promise.all([first, second]);
    expect(widget.render).toHaveBeenCalledTimes(1);
    expect(widget.remove).not.toHaveBeenCalled();
    expect(useCaptchaStore.getState().widgetId).toBe('w-1');
  });

  it('shares one render between initialize, mount and execute running together', async () => {
    const widget = fakeWidget();
    const target = element();
    await Promise.all([
      useCaptchaStore.getState().initialize(settings, () => widget),
      useCaptchaStore.getState().mount(target),
      useCaptchaStore.getState().mount(target),
      useCaptchaStore.getState().execute(),
    ]);
    expect(widget.render).toHaveBeenCalledTimes(1);
    expect(widget.execute).toHaveBeenCalledWith('widget-1');
  });

  it('renders the new widget once when initialize runs while the container is mounting', async () => {
    const old = fakeWidget();
    await useCaptchaStore.getState().initialize(settings, () => old);
    const widget = fakeWidget();
    const target = element();
    await Promise.all([
      useCaptchaStore.getState().mount(target),
      useCaptchaStore.getState().initialize(settings, () => widget),
    ]);
    expect(old.render).not.toHaveBeenCalled();
    expect(widget.render).toHaveBeenCalledTimes(1);
    expect(useCaptchaStore.getState().widgetId).toBe('widget-1');
  });

  it('runs a challenge on the widget whose render is still in flight instead of rendering again', async () => {
    const { widget, finishRender } = deferredWidget();
    await useCaptchaStore.getState().initialize(settings, () => widget);
    const mounting = useCaptchaStore.getState().mount(element());
    const run = useCaptchaStore.getState().execute();
    await vi.waitFor(() => expect(widget.render).toHaveBeenCalled());
    finishRender('w-1');
    await mounting;
    await expect(run).resolves.toBe('token-1');
    expect(widget.render).toHaveBeenCalledTimes(1);
    expect(widget.execute).toHaveBeenCalledWith('w-1');
  });

  it('removes a widget whose container went away while it was rendering', async () => {
    const { widget, finishRender } = deferredWidget();
    await useCaptchaStore.getState().initialize(settings, () => widget);
    const target = element();
    const mounting = useCaptchaStore.getState().mount(target);
    await vi.waitFor(() => expect(widget.render).toHaveBeenCalled());
    useCaptchaStore.getState().unmount(target);
    finishRender('w-1');
    await mounting;
    expect(widget.remove).toHaveBeenCalledWith('w-1');
    expect(useCaptchaStore.getState().widgetId).toBeNull();
  });

  it('keeps the newer widget id when an older render finishes late', async () => {
    const { widget, finishRender } = deferredWidget();
    await useCaptchaStore.getState().initialize(settings, () => widget);
    const first = element();
    const second = element();
    const mountingFirst = useCaptchaStore.getState().mount(first);
    await vi.waitFor(() => expect(widget.render).toHaveBeenCalledTimes(1));
    const mountingSecond = useCaptchaStore.getState().mount(second);
    finishRender('w-old');
    await vi.waitFor(() => expect(widget.render).toHaveBeenCalledTimes(2));
    finishRender('w-new');
    await Promise.all([mountingFirst, mountingSecond]);
    expect(widget.render.mock.calls.map(([into]) => into)).toEqual([first, second]);
    expect(widget.remove).toHaveBeenCalledWith('w-old');
    expect(useCaptchaStore.getState().widgetId).toBe('w-new');
  });

  it('starts a render only after the previous one has finished', async () => {
    const { widget, finishRender } = deferredWidget();
    await useCaptchaStore.getState().initialize(settings, () => widget);
    void useCaptchaStore.getState().mount(element());
    await vi.waitFor(() => expect(widget.render).toHaveBeenCalledTimes(1));
    const mountingSecond = useCaptchaStore.getState().mount(element());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(widget.render).toHaveBeenCalledTimes(1);
    finishRender('w-1');
    await vi.waitFor(() => expect(widget.render).toHaveBeenCalledTimes(2));
    finishRender('w-2');
    await mountingSecond;
  });

  it('skips a render whose container went away before the render started', async () => {
    const widget = fakeWidget();
    await useCaptchaStore.getState().initialize(settings, () => widget);
    const first = element();
    const second = element();
    void useCaptchaStore.getState().mount(first);
    await useCaptchaStore.getState().mount(second);
    expect(widget.render.mock.calls.map(([into]) => into)).toEqual([second]);
    expect(useCaptchaStore.getState().widgetId).toBe('widget-1');
  });

  it('removes the old widget before rendering the one a new initialize creates', async () => {
    const old = fakeWidget();
    await useCaptchaStore.getState().initialize(settings, () => old);
    await useCaptchaStore.getState().mount(element());
    const replacement = fakeWidget();
    await useCaptchaStore.getState().initialize(settings, () => replacement);
    expect(old.remove).toHaveBeenCalledWith('widget-1');
    expect(old.remove.mock.invocationCallOrder[0]).toBeLessThan(
      replacement.render.mock.invocationCallOrder[0] ?? 0,
    );
    expect(useCaptchaStore.getState().widgetId).toBe('widget-1');
    expect(replacement.render).toHaveBeenCalledTimes(1);
  });

  it('removes the widget before rendering it again after an invalid widget id', async () => {
    const widget = fakeWidget({
      execute: vi.fn(() => Promise.reject(new CaptchaError('invalid-captcha-id'))),
    });
    await useCaptchaStore.getState().initialize(settings, () => widget);
    await useCaptchaStore.getState().mount(element());
    await useCaptchaStore.getState().execute();
    await vi.waitFor(() => expect(useCaptchaStore.getState().widgetId).toBe('widget-2'));
    expect(widget.remove.mock.invocationCallOrder[0]).toBeLessThan(
      widget.render.mock.invocationCallOrder[1] ?? 0,
    );
  });

  it('does not render again when the render itself reports a missing widget', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const widget = fakeWidget({
      render: vi.fn(() => Promise.reject(new CaptchaError('missing-captcha'))),
    });
    await useCaptchaStore.getState().initialize(settings, () => widget);
    await useCaptchaStore.getState().mount(element());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(widget.render).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
