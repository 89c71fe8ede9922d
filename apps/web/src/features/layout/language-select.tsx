import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { DEFAULT_CULTURE } from '@claims/core/contract/api';
import { useId } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLocalizationStore, useText } from '../../stores/localization-store';

/** The current page with another culture in its query; the route guard loads that culture. */
export function pathWithCulture(pathname: string, search: string, culture: string): string {
  const params = new URLSearchParams(search);
  params.set('culture', culture);
  return `${pathname}?${params.toString()}`;
}

/** The language selector of the header (SPEC.md section 2, header links). */
export function LanguageSelect() {
  const t = useText();
  const id = useId();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const activeCulture = useLocalizationStore((state) => state.activeCulture);
  const enabledCultures = useLocalizationStore((state) => state.enabledCultures);
  const cultures = Object.entries(enabledCultures);
  if (cultures.length < 2) return null;
  return (
    <div className="language-select">
      <label htmlFor={id} className="form-label mb-0">
        {t(UI_CONTENT_KEYS.header.language, 'Language')}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={activeCulture}
        onChange={(event) => {
          void navigate(pathWithCulture(pathname, search, event.target.value));
        }}
      >
        {cultures.map(([code, name]) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The English switch the standard header shows while the culture is not English. */
export function EnglishSwitch() {
  const t = useText();
  const { pathname, search } = useLocation();
  const activeCulture = useLocalizationStore((state) => state.activeCulture);
  const enabledCultures = useLocalizationStore((state) => state.enabledCultures);
  if (activeCulture === DEFAULT_CULTURE || !(DEFAULT_CULTURE in enabledCultures)) return null;
  return (
    <Link
      className="english-switch fw-semibold"
      to={pathWithCulture(pathname, search, DEFAULT_CULTURE)}
      lang={DEFAULT_CULTURE}
      hrefLang={DEFAULT_CULTURE}
    >
      {t(UI_CONTENT_KEYS.header.englishSwitch, 'English')}
    </Link>
  );
}
