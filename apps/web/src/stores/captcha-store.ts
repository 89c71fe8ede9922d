import { create } from 'zustand';
import type { CaptchaProvider } from '@claims/core/contract/api';
import { logger } from '../lib/logger';
import {
  CAPTCHA_ERROR_ACTIONS,
  CaptchaError,
  toCaptchaError,
  type CaptchaErrorCode,
  type CaptchaWidget,
  type ProofOfWorkChallenge,
} from '../lib/captcha/captcha-widget';
import {
  createCaptchaWidget,
  type CaptchaSettings,
  type CaptchaWidgetFactory,
} from '../lib/captcha/registry';

export interface CaptchaState {
  /** False until the provider and its site key are loaded (docs/behaviour.md#captcha). */
  ready: boolean;
  provider: CaptchaProvider | null;
  siteKey: string | null;
  inProgress: boolean;
  widgetId: string | null;
  redirectOnError: boolean;
  /** Re-render the widget when the provider reports a missing or invalid widget id. */
  renderOnError: boolean;
  token: string | null;
  /** The captcha value of the last authorize answer, sent with the next submission. */
  previousCaptcha: string | null;
  lastError: CaptchaErrorCode | null;
  /** Set by prepare() or a first run: the widget is rendered from then on, not before. */
  prepared: boolean;

  initialize(settings: CaptchaSettings, createWidget?: CaptchaWidgetFactory): Promise<void>;
  /** Gives the store the element the invisible widget lives in (CaptchaContainer). */
  mount(container: HTMLElement): Promise<void>;
  /**
   * Renders the widget ahead of its first run, once the claimant starts on a page that runs the
   * captcha (CaptchaBlock). Until then no provider code or script is loaded.
   */
  prepare(): Promise<void>;
  unmount(container: HTMLElement): void;
  /** Runs the challenge; one run at a time. Resolves with the token, or null on failure. */
  execute(): Promise<string | null>;
  /**
   * Solves a challenge the server handed over for a stronger check (docs/behaviour.md#lockouts);
   * resolves with the token, or null when it failed or the provider cannot solve one.
   */
  solve(challenge: ProofOfWorkChallenge): Promise<string | null>;
  reset(): void;
  setPreviousCaptcha(value: string | null): void;
}

/** One render of the widget into one container, in flight or done. */
interface Rendering {
  widget: CaptchaWidget;
  container: HTMLElement;
  /** The widget id, or null when the render was dropped (and its widget removed). */
  result: Promise<string | null>;
  widgetId: string | null;
}

export const useCaptchaStore = create<CaptchaState>()((set, get) => {
  let widget: CaptchaWidget | null = null;
  let container: HTMLElement | null = null;
  /** The render that belongs to the current widget and container; at most one at a time. */
  let current: Rendering | null = null;
  /** Settles once the last render started has settled: renders run one after another. */
  let lastRender: Promise<unknown> = Promise.resolve();
  let running: Promise<string | null> | null = null;

  function isLive(rendering: Rendering): boolean {
    return (
      current === rendering && widget === rendering.widget && container === rendering.container
    );
  }

  function removeQuietly(from: CaptchaWidget, widgetId: string) {
    try {
      from.remove(widgetId);
    } catch (error) {
      logger.warn(`captcha remove failed: ${String(error)}`);
    }
  }

  /**
   * Renders into the container once the previous render has settled, so a provider never
   * sees two renders into one element at once (reCAPTCHA throws on the second). A render
   * dropped before it finishes removes the widget it produced instead of publishing its id.
   */
  function startRendering(into: CaptchaWidget, element: HTMLElement): Rendering {
    const rendering: Rendering = {
      widget: into,
      container: element,
      result: Promise.resolve(null),
      widgetId: null,
    };
    const dropped = () => {
      if (current === rendering) current = null;
      return null;
    };
    rendering.result = lastRender
      .then(() => (isLive(rendering) ? into.render(element) : null))
      .then(
        (widgetId) => {
          if (widgetId === null) return dropped();
          if (!isLive(rendering)) {
            removeQuietly(into, widgetId);
            return dropped();
          }
          rendering.widgetId = widgetId;
          set({ widgetId });
          return widgetId;
        },
        (error: unknown) => {
          // A failed render is forgotten, so the next run renders again.
          const live = isLive(rendering);
          dropped();
          if (!live) return null;
          throw error;
        },
      );
    lastRender = rendering.result.catch(() => undefined);
    current = rendering;
    return rendering;
  }

  /** Takes the current widget out of the page; a render still in flight removes its own. */
  function dropRendering() {
    const dropped = current;
    current = null;
    if (dropped?.widgetId != null) removeQuietly(dropped.widget, dropped.widgetId);
    set({ widgetId: null });
  }

  /** The render of the current widget into the current container, shared by every caller. */
  function currentRendering(): Rendering | null {
    if (!widget || !container) return null;
    if (current && current.widget === widget && current.container === container) return current;
    dropRendering();
    return startRendering(widget, container);
  }

  /**
   * Renders where the store has a widget and a container and the widget is wanted; failures go
   * to handleRenderError.
   */
  async function renderIfPossible(): Promise<void> {
    if (!get().prepared) return;
    await currentRendering()?.result.catch(handleRenderError);
  }

  /** The rendered widget and its id, rendering first when needed. */
  async function renderedWidget(): Promise<{ widget: CaptchaWidget; widgetId: string }> {
    // A render dropped while in flight (a new container or widget) hands over to the newer one.
    for (;;) {
      if (!widget) throw new Error('captcha executed before initialize');
      const rendering = currentRendering();
      if (!rendering) throw new CaptchaError('missing-captcha');
      const widgetId = await rendering.result;
      if (widgetId !== null) return { widget: rendering.widget, widgetId };
    }
  }

  /** A failed render is not retried at once: a render failing with a re-render code would loop. */
  function handleRenderError(error: unknown) {
    const captchaError = toCaptchaError(error);
    if (CAPTCHA_ERROR_ACTIONS[captchaError.code] !== 'rerender') {
      handleError(captchaError);
      return;
    }
    set({ lastError: captchaError.code, token: null });
    logger.warn(captchaError.message);
  }

  function handleError(error: CaptchaError) {
    set({ lastError: error.code, token: null });
    switch (CAPTCHA_ERROR_ACTIONS[error.code]) {
      case 'rerender':
        if (get().renderOnError && widget && container) {
          dropRendering();
          void renderIfPossible();
        }
        break;
      case 'reset':
        get().reset();
        break;
      case 'warn':
        logger.warn(error.message);
        break;
    }
  }

  /** One run of the widget at a time, with its token kept and its failure handled. */
  function run(
    solveWith: (rendered: { widget: CaptchaWidget; widgetId: string }) => Promise<string>,
  ): Promise<string | null> {
    if (running) return running;
    set({ prepared: true });
    const started = (async () => {
      set({ inProgress: true, lastError: null });
      try {
        const token = await solveWith(await renderedWidget());
        set({ token });
        return token;
      } catch (error) {
        handleError(toCaptchaError(error));
        return null;
      } finally {
        running = null;
        set({ inProgress: false });
      }
    })();
    running = started;
    return started;
  }

  return {
    ready: false,
    provider: null,
    siteKey: null,
    inProgress: false,
    widgetId: null,
    redirectOnError: false,
    renderOnError: true,
    token: null,
    previousCaptcha: null,
    lastError: null,
    prepared: false,

    async initialize(settings, createWidget = createCaptchaWidget) {
      dropRendering();
      widget = createWidget(settings);
      running = null;
      set({
        ready: true,
        provider: settings.provider,
        siteKey: settings.siteKey,
        inProgress: false,
        token: null,
        lastError: null,
      });
      await renderIfPossible();
    },

    async mount(element) {
      container = element;
      await renderIfPossible();
    },

    async prepare() {
      set({ prepared: true });
      await renderIfPossible();
    },

    unmount(element) {
      if (container !== element) return;
      container = null;
      // A render still in flight is kept: React's StrictMode mounts, unmounts and mounts the
      // same element again at once, and that element should get one widget, not two. If the
      // element does not come back, the render removes its widget when it finishes.
      if (current?.widgetId != null) dropRendering();
    },

    execute() {
      return run((rendered) => rendered.widget.execute(rendered.widgetId));
    },

    solve(challenge) {
      return run(async (rendered) => {
        if (!rendered.widget.solve) throw new CaptchaError('challenge-error');
        return rendered.widget.solve(rendered.widgetId, challenge);
      });
    },

    reset() {
      const { widgetId } = get();
      set({ token: null });
      if (!widget || widgetId === null) return;
      try {
        widget.reset(widgetId);
      } catch (error) {
        logger.warn(`captcha reset failed: ${String(error)}`);
      }
    },

    setPreviousCaptcha(value) {
      set({ previousCaptcha: value });
    },
  };
});
