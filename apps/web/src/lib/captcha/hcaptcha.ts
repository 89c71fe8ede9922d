import { CaptchaError, toCaptchaError, type CaptchaWidget } from './captcha-widget';
import { loadProviderScript } from './load-script';

export const HCAPTCHA_SCRIPT_URL = 'https://js.hcaptcha.com/1/api.js';

interface HCaptchaApi {
  render(container: HTMLElement, params: Record<string, unknown>): string;
  execute(widgetId: string, options: { async: true }): Promise<{ response: string }>;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

function api(): HCaptchaApi {
  const hcaptcha = (window as unknown as { hcaptcha?: HCaptchaApi }).hcaptcha;
  if (!hcaptcha) throw new CaptchaError('script-error', 'the hCaptcha script defined no hcaptcha');
  return hcaptcha;
}

export function createHCaptchaWidget(options: {
  siteKey: string;
  scriptUrl?: string;
}): CaptchaWidget {
  const hosts = new Map<string, HTMLElement>();
  return {
    async render(container) {
      await loadProviderScript(options.scriptUrl ?? HCAPTCHA_SCRIPT_URL, 'onHCaptchaLoad');
      // Each widget gets an element of its own, so a widget rendered after a removed one never
      // meets what the provider left in its element.
      const host = document.createElement('div');
      container.append(host);
      try {
        const widgetId = api().render(host, { sitekey: options.siteKey, size: 'invisible' });
        hosts.set(widgetId, host);
        return widgetId;
      } catch (error) {
        host.remove();
        throw error;
      }
    },
    async execute(widgetId) {
      try {
        const { response } = await api().execute(widgetId, { async: true });
        return response;
      } catch (error) {
        throw toCaptchaError(error);
      }
    },
    reset(widgetId) {
      api().reset(widgetId);
    },
    remove(widgetId) {
      try {
        api().remove(widgetId);
      } finally {
        hosts.get(widgetId)?.remove();
        hosts.delete(widgetId);
      }
    },
  };
}
