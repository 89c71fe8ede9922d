import { useLocalizationStore } from '../localization-store';

/** The site in English and Spanish, English by default. */
export function enableEnglishAndSpanish(): void {
  useLocalizationStore.getState().setEnabledCultures({
    cultures: [
      { code: 'en', name: 'English' },
      { code: 'es', name: 'Español' },
    ],
    defaultCulture: 'en',
  });
}
