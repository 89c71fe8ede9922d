import { describe, expect, it } from 'vitest';
import { loadProviderScript } from './load-script';

function lastScript(): HTMLScriptElement {
  const scripts = document.head.querySelectorAll('script');
  const script = scripts[scripts.length - 1];
  if (!script) throw new Error('no script appended');
  return script;
}

describe('loadProviderScript', () => {
  it('asks for explicit rendering and names the onload callback', () => {
    void loadProviderScript('http://127.0.0.1:4010/fake/api.js', 'onFakeLoadA');
    const src = new URL(lastScript().src);
    expect(src.origin + src.pathname).toBe('http://127.0.0.1:4010/fake/api.js');
    expect(src.searchParams.get('render')).toBe('explicit');
    expect(src.searchParams.get('onload')).toBe('onFakeLoadA');
  });

  it('resolves when the script calls its onload callback', async () => {
    const loading = loadProviderScript('http://127.0.0.1:4010/b.js', 'onFakeLoadB');
    (window as unknown as Record<string, () => void>).onFakeLoadB?.();
    await expect(loading).resolves.toBeUndefined();
  });

  it('loads each script once', () => {
    const first = loadProviderScript('http://127.0.0.1:4010/c.js', 'onFakeLoadC');
    const second = loadProviderScript('http://127.0.0.1:4010/c.js', 'onFakeLoadC');
    expect(second).toBe(first);
    expect(document.head.querySelectorAll('script[src*="c.js"]')).toHaveLength(1);
  });

  it('rejects with a script error when the script fails to load', async () => {
    const loading = loadProviderScript('http://127.0.0.1:4010/d.js', 'onFakeLoadD');
    lastScript().dispatchEvent(new Event('error'));
    await expect(loading).rejects.toMatchObject({ code: 'script-error' });
  });
});
