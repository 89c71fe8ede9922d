import { THEMES } from '@claims/core/case/themes';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STYLESHEETS } from '../features/themes/theme-stylesheets';
import { siteFixture } from '../lib/testing/site-fixture';
import { useSettingsStore } from '../stores/settings-store';
import { resetStores } from '../stores/testing/reset-stores';
import { readyForFirstRender } from './first-render';

vi.mock('../features/themes/theme-stylesheets', () => ({
  THEME_STYLESHEETS: {
    'jnd-7-0-default': vi.fn(() => Promise.resolve()),
    'ftc-7-0-default': vi.fn(() => Promise.resolve()),
    'jnd-9-0-kontent': vi.fn(() => Promise.resolve()),
  },
}));

type Listener = (state: { initialized: boolean }) => void;

/** A router whose first page is loaded when `initialize` is called. */
function fakeRouter(initialized: boolean) {
  const listeners = new Set<Listener>();
  const router = {
    state: { initialized },
    subscribe: (listener: Listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    initialize() {
      router.state = { initialized: true };
      for (const listener of [...listeners]) listener(router.state);
    },
    listeners,
  };
  return router;
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 10));
  return done;
};

beforeEach(() => {
  resetStores();
  for (const load of Object.values(THEME_STYLESHEETS)) vi.mocked(load).mockClear();
});

describe('readyForFirstRender', () => {
  it("waits for the router's first page, then stops listening to it", async () => {
    const router = fakeRouter(false);
    const ready = readyForFirstRender(router as never);
    expect(await settled(ready)).toBe(false);
    router.initialize();
    await ready;
    expect(router.listeners.size).toBe(0);
  });

  it.each(THEMES)("loads the case's theme %s before the first render", async (theme) => {
    useSettingsStore.getState().setSite(siteFixture({ theme }));
    let loaded!: () => void;
    vi.mocked(THEME_STYLESHEETS[theme]).mockReturnValueOnce(
      new Promise((resolve) => (loaded = () => resolve(undefined))),
    );
    const ready = readyForFirstRender(fakeRouter(true) as never);
    expect(await settled(ready)).toBe(false);
    loaded();
    await ready;
    expect(useSettingsStore.getState().loadedThemeStylesheets).toEqual([theme]);
  });

  it('goes on when the stylesheet fails, for the layout to report it', async () => {
    useSettingsStore.getState().setSite(siteFixture({ theme: 'ftc-7-0-default' }));
    vi.mocked(THEME_STYLESHEETS['ftc-7-0-default']).mockRejectedValueOnce(new Error('offline'));
    await readyForFirstRender(fakeRouter(true) as never);
    expect(useSettingsStore.getState().loadedThemeStylesheets).toEqual([]);
  });

  it('needs no stylesheet when the site settings did not load', async () => {
    await readyForFirstRender(fakeRouter(true) as never);
    for (const load of Object.values(THEME_STYLESHEETS)) expect(load).not.toHaveBeenCalled();
  });
});
