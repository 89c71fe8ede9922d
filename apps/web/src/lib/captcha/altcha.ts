import type { AltchaWidgetElement } from 'altcha';
import type { Challenge } from 'altcha/types';
import { fetchWithRetries } from '../retry';
import { CaptchaError, type CaptchaWidget } from './captcha-widget';

export const ALTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/** Registers the <altcha-widget> element; loaded on first use so it stays out of the main chunk. */
async function defineAltchaElement(): Promise<void> {
  await import('altcha');
}

function whenLoaded(element: AltchaWidgetElement): Promise<void> {
  // The element's methods exist only after it has fired 'load'.
  if (typeof element.verify === 'function') return Promise.resolve();
  return new Promise((resolve) =>
    element.addEventListener('load', () => resolve(), { once: true }),
  );
}

/** Runs the widget's challenge; the payload, or a CaptchaError. */
async function solveWith(widget: AltchaWidgetElement): Promise<string> {
  let result: Awaited<ReturnType<AltchaWidgetElement['verify']>>;
  try {
    result = await widget.verify();
  } catch (error) {
    // fetch rejects with a TypeError when the challenge cannot be downloaded.
    const code = error instanceof TypeError ? 'network-error' : 'challenge-error';
    throw new CaptchaError(code, `captcha failed: ${String(error)}`);
  }
  if (result?.payload) return result.payload;
  const state = String(widget.getState());
  throw new CaptchaError(state === 'expired' ? 'challenge-expired' : 'challenge-error');
}

/**
 * The self-hosted proof-of-work captcha: invisible, solving only when executed. Its failures
 * are mapped onto the hosted providers' error codes so the store treats all three alike.
 */
export function createAltchaWidget(
  options: { challengeUrl?: string; language?: string },
  defineElement: () => Promise<void> = defineAltchaElement,
): CaptchaWidget {
  const elements = new Map<string, AltchaWidgetElement>();
  let count = 0;

  function element(widgetId: string): AltchaWidgetElement {
    const found = elements.get(widgetId);
    if (!found) throw new CaptchaError('invalid-captcha-id', `no captcha widget "${widgetId}"`);
    return found;
  }

  return {
    async render(container) {
      await defineElement();
      const widget = document.createElement('altcha-widget') as AltchaWidgetElement;
      widget.setAttribute('challenge', options.challengeUrl ?? ALTCHA_CHALLENGE_URL);
      widget.setAttribute('display', 'invisible');
      widget.setAttribute('auto', 'off');
      if (options.language) widget.setAttribute('language', options.language);
      const loaded = whenLoaded(widget);
      container.append(widget);
      await loaded;
      // The challenge is fetched again when the network or the instance behind the proxy fails.
      await widget.configure({ fetch: fetchWithRetries });
      count += 1;
      const widgetId = `altcha-${count}`;
      elements.set(widgetId, widget);
      return widgetId;
    },
    async execute(widgetId) {
      return solveWith(element(widgetId));
    },
    async solve(widgetId, challenge) {
      const widget = element(widgetId);
      widget.reset();
      await widget.configure({ challenge: challenge as unknown as Challenge });
      try {
        return await solveWith(widget);
      } finally {
        await widget.configure({ challenge: options.challengeUrl ?? ALTCHA_CHALLENGE_URL });
      }
    },
    reset(widgetId) {
      element(widgetId).reset();
    },
    remove(widgetId) {
      elements.get(widgetId)?.remove();
      elements.delete(widgetId);
    },
  };
}
