import type { HeaderVariant } from '@claims/core/case/case-schema';
import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { CONTENT_ROUTES, formPagePath } from '@claims/core/routes';
import { useState } from 'react';
import Collapse from 'react-bootstrap/Collapse';
import Container from 'react-bootstrap/Container';
import { Link, NavLink } from 'react-router';
import { useLocalizedPath, useText } from '../../stores/localization-store';
import { EnglishSwitch, LanguageSelect } from './language-select';
import { DisclosureMenu } from './disclosure-menu';

export interface SiteHeaderProps {
  variant: HeaderVariant;
  administratorTitle: string;
  caseName: string;
  caseNumber: string;
}

interface HeaderLink {
  key: string;
  fallback: string;
  path: string;
  /** Only the standard header shows it (docs/behaviour.md#header). */
  standardOnly?: boolean;
}

const { header } = UI_CONTENT_KEYS;

/** The header links of docs/behaviour.md#header, in order. */
export const HEADER_LINKS: readonly HeaderLink[] = [
  { key: header.home, fallback: 'Home', path: '/' },
  { key: header.keyDates, fallback: 'Key Dates', path: CONTENT_ROUTES.keyDates.path },
  {
    key: header.importantDocuments,
    fallback: 'Important Documents',
    path: CONTENT_ROUTES.importantDocuments.path,
  },
  { key: header.faq, fallback: 'FAQ', path: CONTENT_ROUTES.faq.path },
  {
    key: header.fileClaim,
    fallback: 'File a Claim',
    path: CONTENT_ROUTES.fileClaim.path,
    standardOnly: true,
  },
  {
    key: header.vinLookup,
    fallback: 'VIN Lookup',
    path: formPagePath('Lookup', ''),
    standardOnly: true,
  },
];

/** The dropdown of docs/behaviour.md#header. */
export const HEADER_DROPDOWN_LINKS: readonly HeaderLink[] = [
  {
    key: header.checkClaimStatus,
    fallback: 'Check Claim Status',
    path: CONTENT_ROUTES.claimStatus.path,
  },
  {
    key: header.uploadDocuments,
    fallback: 'Upload Documents',
    path: CONTENT_ROUTES.importantDocuments.path,
  },
  {
    key: header.changeAddress,
    fallback: 'Change My Address',
    path: CONTENT_ROUTES.changeOfAddress.path,
  },
];

interface MoreOptionsItem {
  key: string;
  label: string;
  to: string;
}

/** The dropdown of docs/behaviour.md#header: a button that shows the three links beneath it. */
function MoreOptions({ title, items }: { title: string; items: readonly MoreOptionsItem[] }) {
  return (
    <DisclosureMenu
      className="site-nav__more nav-item dropdown"
      toggleId="site-nav-more"
      toggleClassName="dropdown-toggle nav-link"
      toggle={title}
      menuClassName="dropdown-menu"
      openClassName="show"
    >
      {(close) =>
        items.map((item) => (
          <li key={item.key}>
            <Link className="dropdown-item" to={item.to} onClick={close}>
              {item.label}
            </Link>
          </li>
        ))
      }
    </DisclosureMenu>
  );
}

/**
 * The site header: administrator title, case name and number, the links and dropdown of
 * docs/behaviour.md#header, the language selector and, in the standard header, the English switch.
 * The navigation is Bootstrap's navbar markup, collapsed behind a toggle below the xl
 * breakpoint.
 */
export function SiteHeader({ variant, administratorTitle, caseName, caseNumber }: SiteHeaderProps) {
  const t = useText();
  const localize = useLocalizedPath();
  const [expanded, setExpanded] = useState(false);
  const links = HEADER_LINKS.filter((link) => variant === 'standard' || !link.standardOnly);
  const menuLabel = t(header.menu, 'Main menu');
  return (
    <header className="site-header">
      <div className="site-header__utility">
        <Container className="d-flex flex-wrap align-items-center justify-content-between gap-2 py-1">
          <span className="site-header__administrator">{administratorTitle}</span>
          <div className="d-flex flex-wrap align-items-center gap-3">
            {variant === 'standard' && <EnglishSwitch />}
            <LanguageSelect />
          </div>
        </Container>
      </div>
      <div className="site-header__brand">
        <Container className="py-3">
          <Link to={localize('/')} className="site-header__case-name text-decoration-none fs-5">
            {caseName}
          </Link>
          <p className="site-header__case-number mb-0 small">{caseNumber}</p>
        </Container>
      </div>
      <nav aria-label={menuLabel} className="site-nav navbar navbar-expand-xl navbar-light">
        <Container>
          <button
            type="button"
            className={expanded ? 'navbar-toggler' : 'navbar-toggler collapsed'}
            aria-controls="site-nav-links"
            aria-expanded={expanded}
            aria-label={menuLabel}
            onClick={() => setExpanded((value) => !value)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <Collapse in={expanded}>
            <div className="navbar-collapse" id="site-nav-links">
              <div className="me-auto navbar-nav">
                {links.map((link) => (
                  <NavLink key={link.path} className="nav-link" to={localize(link.path)} end>
                    {t(link.key, link.fallback)}
                  </NavLink>
                ))}
                <MoreOptions
                  title={t(header.moreOptions, 'More Options')}
                  items={HEADER_DROPDOWN_LINKS.map((link) => ({
                    key: link.key,
                    label: t(link.key, link.fallback),
                    to: localize(link.path),
                  }))}
                />
              </div>
            </div>
          </Collapse>
        </Container>
      </nav>
    </header>
  );
}
