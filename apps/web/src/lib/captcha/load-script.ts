import { CaptchaError } from './captcha-widget';

const loaded = new Map<string, Promise<void>>();

/**
 * Loads a provider script once and waits for the global callback the script calls when its
 * API is ready (both hosted providers take the callback's name in an `onload` parameter).
 */
export function loadProviderScript(url: string, onloadName: string): Promise<void> {
  const existing = loaded.get(url);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const target = window as unknown as Record<string, unknown>;
    target[onloadName] = () => {
      delete target[onloadName];
      resolve();
    };
    const script = document.createElement('script');
    const src = new URL(url, window.location.href);
    src.searchParams.set('render', 'explicit');
    src.searchParams.set('onload', onloadName);
    script.src = src.toString();
    script.async = true;
    script.defer = true;
    script.addEventListener('error', () => {
      loaded.delete(url);
      script.remove();
      reject(new CaptchaError('script-error', `captcha script ${url} failed to load`));
    });
    document.head.append(script);
  });
  loaded.set(url, promise);
  return promise;
}
