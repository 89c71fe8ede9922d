import {
  DEFAULT_CULTURE,
  type CultureContentResponse,
  type CulturesResponse,
} from '@claims/core/contract/api';
import { deadlineLocalizationKeys } from '@claims/core/deadlines/deadline-format';
import { findEnabledCulture } from '@claims/core/guards/culture';
import { useCallback } from 'react';
import { create } from 'zustand';
import { getCultureContent, setLanguage } from '../lib/api-client';
import { logger } from '../lib/logger';
import { useApplicationStore } from './application-store';

/** The localisation state of docs/behaviour.md#localisation. */
export interface LocalizationState {
  activeCulture: string;
  /** Culture code → the language's own name, in the order the language selector lists them. */
  enabledCultures: Record<string, string>;
  defaultCulture: string;
  /** Texts of GET /api/culture/content for the active culture. */
  staticLocalizations: Record<string, string>;
  /**
   * Deadline_<name>_<format> keys of every deadline in the active culture
   * (docs/behaviour.md#deadlines).
   */
  dynamicLocalizations: Record<string, string>;
  /** The culture whose content is loaded (or being loaded). */
  loadedCulture: string | null;

  /** Loads the culture's content and makes it active; an unknown culture falls back to the default. */
  setCulture(culture: string): Promise<void>;
  /** Makes a culture active with its content, already loaded (a page snapshot's render). */
  showContent(culture: string, content: CultureContentResponse): void;
  setEnabledCultures(response: CulturesResponse): void;
  /** Recomputes the deadline keys from the application store's deadlines. */
  refreshDeadlineKeys(): void;
}

export const initialLocalizationState = {
  activeCulture: DEFAULT_CULTURE,
  enabledCultures: { [DEFAULT_CULTURE]: 'English' },
  defaultCulture: DEFAULT_CULTURE,
  staticLocalizations: {},
  dynamicLocalizations: {},
  loadedCulture: null,
} satisfies Partial<LocalizationState>;

function deadlineKeys(culture: string): Record<string, string> {
  const settings = useApplicationStore.getState().deadlineSettings;
  return settings === null ? {} : deadlineLocalizationKeys(settings, culture);
}

export const useLocalizationStore = create<LocalizationState>()((set, get) => ({
  ...initialLocalizationState,

  async setCulture(requested) {
    const state = get();
    const culture =
      findEnabledCulture(requested, state.enabledCultures) ??
      findEnabledCulture(state.defaultCulture, state.enabledCultures) ??
      DEFAULT_CULTURE;
    if (culture === state.loadedCulture) return;
    set({ loadedCulture: culture });
    // The server keeps the preferred culture for its own messages; the site works without it.
    // Awaited: the call can start the session, and a session started by a call still in
    // flight could replace the one the antiforgery token is loaded for.
    const tellServer =
      culture === state.activeCulture
        ? Promise.resolve()
        : setLanguage(culture).then(
            () => undefined,
            (error: unknown) => {
              logger.warn(`could not tell the server the culture is ${culture}`, error);
            },
          );
    let content;
    try {
      [content] = await Promise.all([getCultureContent(culture), tellServer]);
    } catch (error) {
      // Let a later call retry this culture.
      if (get().loadedCulture === culture) set({ loadedCulture: state.loadedCulture });
      throw error;
    }
    // A later switch may have started while this one loaded; the last one wins.
    if (get().loadedCulture !== culture) return;
    get().showContent(culture, content);
  },

  showContent(culture, content) {
    set({
      activeCulture: culture,
      loadedCulture: culture,
      staticLocalizations: Object.fromEntries(content.map((item) => [item.key, item.value])),
      dynamicLocalizations: deadlineKeys(culture),
    });
    // Screen readers pick the voice from the lang attribute (WCAG 3.1.1); a snapshot's
    // document gets it from the server.
    if (typeof document !== 'undefined') document.documentElement.lang = culture;
  },

  setEnabledCultures(response) {
    set({
      enabledCultures: Object.fromEntries(response.cultures.map((c) => [c.code, c.name])),
      defaultCulture: response.defaultCulture,
    });
  },

  refreshDeadlineKeys() {
    set({ dynamicLocalizations: deadlineKeys(get().activeCulture) });
  },
}));

export type Translate = (key: string, fallback?: string) => string;

/** The text of a key in the active culture: static content, then deadline keys, then the fallback. */
export function translate(
  state: Pick<LocalizationState, 'staticLocalizations' | 'dynamicLocalizations'>,
  key: string,
  fallback?: string,
): string {
  return state.staticLocalizations[key] ?? state.dynamicLocalizations[key] ?? fallback ?? key;
}

/** `t(key, englishFallback)` for the active culture; components re-render when it changes. */
export function useText(): Translate {
  const staticLocalizations = useLocalizationStore((state) => state.staticLocalizations);
  const dynamicLocalizations = useLocalizationStore((state) => state.dynamicLocalizations);
  return useCallback(
    (key: string, fallback?: string) =>
      translate({ staticLocalizations, dynamicLocalizations }, key, fallback),
    [staticLocalizations, dynamicLocalizations],
  );
}

/**
 * A site path that keeps the active culture: `localize('/faq')` → '/faq?culture=es' while the
 * site is in Spanish, '/faq' in the default culture.
 */
export function useLocalizedPath(): (path: string) => string {
  const activeCulture = useLocalizationStore((state) => state.activeCulture);
  const defaultCulture = useLocalizationStore((state) => state.defaultCulture);
  return useCallback(
    (path: string) => localizedPath(path, activeCulture, defaultCulture),
    [activeCulture, defaultCulture],
  );
}

export function localizedPath(path: string, culture: string, defaultCulture: string): string {
  if (culture === defaultCulture) return path;
  const [pathname = '', search = ''] = path.split('?');
  const params = new URLSearchParams(search);
  params.set('culture', culture);
  return `${pathname}?${params.toString()}`;
}
