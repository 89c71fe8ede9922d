import { beforeEach, describe, expect, it } from 'vitest';
import { siteFixture } from '../lib/testing/site-fixture';
import { useSettingsStore } from './settings-store';
import { resetStores } from './testing/reset-stores';

beforeEach(() => {
  resetStores();
});

describe('settings store', () => {
  it('holds no settings before start-up has loaded them', () => {
    const state = useSettingsStore.getState();
    expect(state.site).toBeNull();
    expect(state.themeName).toBeNull();
    expect(state.gnr2Gtag).toBeNull();
    expect(state.analyticsTagId).toBeNull();
  });

  it('keeps the site settings with the theme name of the case', () => {
    const site = siteFixture({ theme: 'ftc-7-0-default' });
    useSettingsStore.getState().setSite(site);
    expect(useSettingsStore.getState().site).toBe(site);
    expect(useSettingsStore.getState().themeName).toBe('ftc-7-0-default');
  });

  it('keeps a theme name it does not know, for the configuration error page to name', () => {
    useSettingsStore.getState().setSite(siteFixture({ theme: 'jnd-8-0-sparkle' }));
    expect(useSettingsStore.getState().themeName).toBe('jnd-8-0-sparkle');
  });

  it('keeps the Gnr2Gtag value and the analytics tag id of the case', () => {
    useSettingsStore
      .getState()
      .setSite(siteFixture({ gnr2Gtag: 'GNR-123', analyticsTagId: 'G-ABC123' }));
    const state = useSettingsStore.getState();
    expect(state.gnr2Gtag).toBe('GNR-123');
    expect(state.analyticsTagId).toBe('G-ABC123');
  });

  it('clears the tags when new settings have none', () => {
    useSettingsStore
      .getState()
      .setSite(siteFixture({ gnr2Gtag: 'GNR-123', analyticsTagId: 'G-ABC123' }));
    useSettingsStore.getState().setSite(siteFixture());
    const state = useSettingsStore.getState();
    expect(state.gnr2Gtag).toBeNull();
    expect(state.analyticsTagId).toBeNull();
  });
});
