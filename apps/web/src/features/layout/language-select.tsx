import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { DEFAULT_CULTURE } from '@claims/core/contract/api';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { useLocalizationStore, useText } from '../../stores/localization-store';
import { DisclosureMenu } from './disclosure-menu';

/** The current page with another culture in its query; the route guard loads that culture. */
export function pathWithCulture(pathname: string, search: string, culture: string): string {
  const params = new URLSearchParams(search);
  params.set('culture', culture);
  return `${pathname}?${params.toString()}`;
}

/**
 * The language selector of the header (docs/behaviour.md#header): a button that shows
 * the languages as links, each named in its own language. The language changes only when the
 * claimant follows one of them, never while moving through a list (WCAG 3.2.2, on input).
 */
export function LanguageSelect() {
  const t = useText();
  const { pathname, search } = useLocation();
  const activeCulture = useLocalizationStore((state) => state.activeCulture);
  const enabledCultures = useLocalizationStore((state) => state.enabledCultures);
  const cultures = Object.entries(enabledCultures);
  if (cultures.length < 2) return null;
  return (
    <DisclosureMenu
      className="language-select"
      toggleClassName="language-select__toggle"
      menuClassName="language-select__menu"
      toggle={
        <>
          <Icon icon="globe" aria-hidden="true" />
          <span>
            {t(UI_CONTENT_KEYS.header.language, 'Language')}:{' '}
            <span lang={activeCulture}>{enabledCultures[activeCulture] ?? activeCulture}</span>
          </span>
          <Icon icon="chevron-down" className="language-select__chevron" aria-hidden="true" />
        </>
      }
    >
      {(close) =>
        cultures.map(([code, name]) => (
          <li key={code}>
            <Link
              to={pathWithCulture(pathname, search, code)}
              lang={code}
              hrefLang={code}
              aria-current={code === activeCulture ? 'true' : undefined}
              onClick={close}
            >
              <Icon icon="check" className="language-select__current" aria-hidden="true" />
              {name}
            </Link>
          </li>
        ))
      }
    </DisclosureMenu>
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
