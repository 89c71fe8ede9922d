import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { DEFAULT_CULTURE } from '@claims/core/contract/api';
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { useLocalizationStore, useText } from '../../stores/localization-store';

/** The current page with another culture in its query; the route guard loads that culture. */
export function pathWithCulture(pathname: string, search: string, culture: string): string {
  const params = new URLSearchParams(search);
  params.set('culture', culture);
  return `${pathname}?${params.toString()}`;
}

/**
 * Closes the disclosure when the pointer or the focus goes elsewhere, and on Escape, which
 * hands the focus back to the toggle.
 */
function useDismiss(
  open: boolean,
  close: () => void,
  root: RefObject<HTMLElement | null>,
  toggle: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return undefined;
    const outside = (event: Event) => {
      if (!(event.target instanceof Node) || !root.current?.contains(event.target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      toggle.current?.focus();
    };
    const element = root.current;
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    element?.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
      element?.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, root, toggle]);
}

/**
 * The language selector of the header (SPEC.md section 2, header links): a button that shows
 * the languages as links, each named in its own language. The language changes only when the
 * claimant follows one of them, never while moving through a list (WCAG 3.2.2, on input).
 */
export function LanguageSelect() {
  const t = useText();
  const menuId = useId();
  const { pathname, search } = useLocation();
  const activeCulture = useLocalizationStore((state) => state.activeCulture);
  const enabledCultures = useLocalizationStore((state) => state.enabledCultures);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, root, toggle);
  const cultures = Object.entries(enabledCultures);
  if (cultures.length < 2) return null;
  return (
    <div className="language-select" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="language-select__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Icon icon="globe" aria-hidden="true" />
        <span>
          {t(UI_CONTENT_KEYS.header.language, 'Language')}:{' '}
          <span lang={activeCulture}>{enabledCultures[activeCulture] ?? activeCulture}</span>
        </span>
        <Icon icon="chevron-down" className="language-select__chevron" aria-hidden="true" />
      </button>
      <ul id={menuId} className="language-select__menu" hidden={!open}>
        {cultures.map(([code, name]) => (
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
        ))}
      </ul>
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
