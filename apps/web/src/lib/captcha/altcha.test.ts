import { describe, expect, it, vi } from 'vitest';
import { fetchWithRetries } from '../retry';
import { createAltchaWidget } from './altcha';

let verifyResult: () => Promise<{ payload: string } | null> = async () => ({ payload: 'p' });
let state = 'unverified';
const resets = vi.fn();
let configured: unknown = null;
const configurations: unknown[] = [];

let fetcher: unknown = null;

class FakeAltchaWidget extends HTMLElement {
  configure = async (config: { challenge?: unknown; fetch?: unknown }) => {
    if ('fetch' in config) fetcher = config.fetch;
    if (!('challenge' in config)) return;
    configured = config.challenge;
    configurations.push(config.challenge);
  };
  verify = () => verifyResult();
  reset = () => resets();
  getState = () => state;
}

async function defineFake() {
  if (!customElements.get('altcha-widget')) {
    customElements.define('altcha-widget', FakeAltchaWidget);
  }
}

async function rendered(challengeUrl?: string) {
  const widget = createAltchaWidget({ challengeUrl }, defineFake);
  const container = document.createElement('div');
  const widgetId = await widget.render(container);
  return { widget, widgetId, container };
}

describe('Altcha widget', () => {
  it('renders an invisible widget that solves only when executed', async () => {
    const { container } = await rendered();
    const element = container.querySelector('altcha-widget');
    expect(element?.getAttribute('display')).toBe('invisible');
    expect(element?.getAttribute('auto')).toBe('off');
  });

  it('fetches its challenge from /api/captcha/challenge by default', async () => {
    const { container } = await rendered();
    expect(container.querySelector('altcha-widget')?.getAttribute('challenge')).toBe(
      '/api/captcha/challenge',
    );
  });

  it('fetches its challenge with the retries of lib/retry.ts', async () => {
    await rendered();
    expect(fetcher).toBe(fetchWithRetries);
  });

  it('uses the challenge URL of the captcha config', async () => {
    const { container } = await rendered('/elsewhere/challenge');
    expect(container.querySelector('altcha-widget')?.getAttribute('challenge')).toBe(
      '/elsewhere/challenge',
    );
  });

  it('resolves execute with the solved payload', async () => {
    verifyResult = async () => ({ payload: 'solved-payload' });
    const { widget, widgetId } = await rendered();
    await expect(widget.execute(widgetId)).resolves.toBe('solved-payload');
  });

  it('solves a challenge handed over by the server, then fetches its own again', async () => {
    const challenge = { parameters: { nonce: 'n', data: { maxNumber: 100_000 } }, signature: 's' };
    let solving: unknown = null;
    verifyResult = async () => {
      solving = configured;
      return { payload: 'harder-payload' };
    };
    const { widget, widgetId } = await rendered();
    configurations.length = 0;
    await expect(widget.solve!(widgetId, challenge)).resolves.toBe('harder-payload');
    expect(solving).toEqual(challenge);
    expect(configurations).toEqual([challenge, '/api/captcha/challenge']);
  });

  it('reports an expired challenge as challenge-expired', async () => {
    verifyResult = async () => null;
    state = 'expired';
    const { widget, widgetId } = await rendered();
    await expect(widget.execute(widgetId)).rejects.toMatchObject({ code: 'challenge-expired' });
    state = 'unverified';
  });

  it('reports a failed download of the challenge as a network error', async () => {
    verifyResult = () => Promise.reject(new TypeError('Failed to fetch'));
    const { widget, widgetId } = await rendered();
    await expect(widget.execute(widgetId)).rejects.toMatchObject({ code: 'network-error' });
  });

  it('reports an unknown widget id as invalid', async () => {
    const { widget } = await rendered();
    await expect(widget.execute('altcha-999')).rejects.toMatchObject({
      code: 'invalid-captcha-id',
    });
  });

  it('removes the element when removed', async () => {
    const { widget, widgetId, container } = await rendered();
    widget.remove(widgetId);
    expect(container.querySelector('altcha-widget')).toBeNull();
  });

  it('resets the element', async () => {
    const { widget, widgetId } = await rendered();
    widget.reset(widgetId);
    expect(resets).toHaveBeenCalled();
  });
});
