import { toDeadlineSettings } from '@claims/core/deadlines/deadlines';
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getCultureContent, setLanguage } from '../lib/api-client';
import { logger } from '../lib/logger';
import { useApplicationStore } from './application-store';
import { localizedPath, useLocalizationStore, useText } from './localization-store';
import { enableEnglishAndSpanish } from './testing/cultures';
import { resetStores } from './testing/reset-stores';

vi.mock('../lib/api-client', () => ({
  getCultureContent: vi.fn(),
  setLanguage: vi.fn(() => Promise.resolve({ culture: 'es' })),
}));

const content = vi.mocked(getCultureContent);

beforeEach(() => {
  resetStores();
  content.mockReset();
  vi.mocked(setLanguage).mockClear();
  document.documentElement.lang = 'en';
});

describe('localization store', () => {
  it('loads the content of a culture and makes it active', async () => {
    enableEnglishAndSpanish();
    content.mockResolvedValueOnce([{ key: 'LocKey_Header_Home', value: 'Inicio' }]);
    await useLocalizationStore.getState().setCulture('es');
    const state = useLocalizationStore.getState();
    expect(content).toHaveBeenCalledWith('es');
    expect(state.activeCulture).toBe('es');
    expect(state.staticLocalizations).toEqual({ LocKey_Header_Home: 'Inicio' });
  });

  it('tells the server the culture the claimant chose', async () => {
    enableEnglishAndSpanish();
    content.mockResolvedValueOnce([]);
    await useLocalizationStore.getState().setCulture('es');
    expect(setLanguage).toHaveBeenCalledWith('es');
  });

  it('switches the culture even when the server cannot be told', async () => {
    enableEnglishAndSpanish();
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    vi.mocked(setLanguage).mockRejectedValueOnce(new Error('offline'));
    content.mockResolvedValueOnce([]);
    await useLocalizationStore.getState().setCulture('es');
    expect(useLocalizationStore.getState().activeCulture).toBe('es');
  });

  it('sets the lang attribute of the page to the culture', async () => {
    enableEnglishAndSpanish();
    content.mockResolvedValueOnce([]);
    await useLocalizationStore.getState().setCulture('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('falls back to the default culture for a culture that is not enabled', async () => {
    enableEnglishAndSpanish();
    content.mockResolvedValueOnce([]);
    await useLocalizationStore.getState().setCulture('fr');
    expect(content).toHaveBeenCalledWith('en');
    expect(useLocalizationStore.getState().activeCulture).toBe('en');
  });

  it('does not reload the culture that is already loaded', async () => {
    content.mockResolvedValue([]);
    await useLocalizationStore.getState().setCulture('en');
    await useLocalizationStore.getState().setCulture('en');
    expect(content).toHaveBeenCalledTimes(1);
  });

  it('keeps the culture asked for last when two loads overlap', async () => {
    enableEnglishAndSpanish();
    let finishSpanish: (value: { key: string; value: string }[]) => void = () => undefined;
    content.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          finishSpanish = resolve;
        }),
    );
    content.mockResolvedValueOnce([{ key: 'k', value: 'English' }]);
    const spanish = useLocalizationStore.getState().setCulture('es');
    await useLocalizationStore.getState().setCulture('en');
    finishSpanish([{ key: 'k', value: 'Español' }]);
    await spanish;
    expect(useLocalizationStore.getState().staticLocalizations).toEqual({ k: 'English' });
  });

  it('lets a culture whose content failed to load be tried again', async () => {
    enableEnglishAndSpanish();
    content.mockRejectedValueOnce(new Error('offline'));
    await expect(useLocalizationStore.getState().setCulture('es')).rejects.toThrow('offline');
    content.mockResolvedValueOnce([]);
    await useLocalizationStore.getState().setCulture('es');
    expect(useLocalizationStore.getState().activeCulture).toBe('es');
  });

  it('writes each deadline in three formats in the active culture', async () => {
    enableEnglishAndSpanish();
    useApplicationStore.getState().setDeadlineSettings(
      toDeadlineSettings({
        automotiveFilingDeadline: { deadline: '03/15/2027', timeZone: 'Pacific Standard Time' },
      }),
    );
    content.mockResolvedValueOnce([]);
    await useLocalizationStore.getState().setCulture('es');
    expect(useLocalizationStore.getState().dynamicLocalizations).toMatchObject({
      Deadline_automotiveFilingDeadline_Short: '03/15/2027',
      Deadline_automotiveFilingDeadline_Long: '15 de marzo de 2027',
    });
    expect(
      useLocalizationStore.getState().dynamicLocalizations
        .Deadline_automotiveFilingDeadline_WeekdayLong,
    ).toMatch(/^lunes, 15 de marzo de 2027 23:59/);
  });
});

describe('useText', () => {
  it('gives the text of a key in the active culture', () => {
    useLocalizationStore.setState({ staticLocalizations: { greeting: 'Hola' } });
    const { result } = renderHook(() => useText());
    expect(result.current('greeting', 'Hello')).toBe('Hola');
  });

  it('gives the English fallback for a key the content lacks', () => {
    const { result } = renderHook(() => useText());
    expect(result.current('LocKey_Missing', 'Hello')).toBe('Hello');
  });

  it('gives deadline keys from the dynamic localisations', () => {
    useLocalizationStore.setState({
      dynamicLocalizations: { Deadline_globalDeadline_Short: '01/02/2027' },
    });
    const { result } = renderHook(() => useText());
    expect(result.current('Deadline_globalDeadline_Short')).toBe('01/02/2027');
  });
});

describe('localizedPath', () => {
  it('adds the culture to a path while the site is not in the default culture', () => {
    expect(localizedPath('/faq', 'es', 'en')).toBe('/faq?culture=es');
  });

  it('keeps a path as written in the default culture', () => {
    expect(localizedPath('/faq', 'en', 'en')).toBe('/faq');
  });

  it('keeps the query a path already has', () => {
    expect(localizedPath('/session-expired?form=standard', 'es', 'en')).toBe(
      '/session-expired?form=standard&culture=es',
    );
  });
});
