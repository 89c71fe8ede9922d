import type { SiteSettings } from '@claims/core/contract/site';
import { create } from 'zustand';

/**
 * The application settings of docs/behaviour.md#application-state (theme name, Gnr2Gtag, analytics
 * tag id) and the rest of the case-level settings of GET /api/site that the layouts read.
 */
export interface SettingsState {
  /** null until start-up has loaded the settings. */
  site: SiteSettings | null;
  themeName: string | null;
  gnr2Gtag: string | null;
  analyticsTagId: string | null;
  /** The themes whose stylesheet is in the page (docs/behaviour.md#themes). */
  loadedThemeStylesheets: readonly string[];
  setSite(site: SiteSettings): void;
  themeStylesheetLoaded(theme: string): void;
}

export const initialSettingsState = {
  site: null,
  themeName: null,
  gnr2Gtag: null,
  analyticsTagId: null,
  loadedThemeStylesheets: [],
} satisfies Partial<SettingsState>;

export const useSettingsStore = create<SettingsState>()((set) => ({
  ...initialSettingsState,
  setSite(site) {
    set({
      site,
      themeName: site.theme,
      gnr2Gtag: site.gnr2Gtag ?? null,
      analyticsTagId: site.analyticsTagId ?? null,
    });
  },
  themeStylesheetLoaded(theme) {
    set((state) =>
      state.loadedThemeStylesheets.includes(theme)
        ? state
        : { loadedThemeStylesheets: [...state.loadedThemeStylesheets, theme] },
    );
  },
}));
