import type { FooterVariant } from '@claims/core/case/case-schema';
import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { formatMessage } from '@claims/core/rules/messages';
import { Icon } from '../../components/ui/icon';
import Container from 'react-bootstrap/Container';
import { Link } from 'react-router';
import { isSitePage } from '../../lib/site-pages';
import { useLocalizedPath, useText } from '../../stores/localization-store';

export interface SiteFooterProps {
  variant: FooterVariant;
  administratorTitle: string;
  contact: { phone: string; email: string; mailingAddress: readonly string[] };
  privacyPolicyUrl: string;
  /** The copyright year; the current year unless a test fixes it. */
  year?: number;
}

const { footer } = UI_CONTENT_KEYS;

/** A path of this site, not a URL of another one ('//host/…' included). */
function isSitePagePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && isSitePage(url);
}

/** 'tel:' wants digits and a leading +, nothing else. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/**
 * The three footers of docs/behaviour.md#footer: each carries the copyright with the current year,
 * the privacy policy link and the administrator's phone, e-mail and mailing address.
 */
export function SiteFooter({
  variant,
  administratorTitle,
  contact,
  privacyPolicyUrl,
  year = new Date().getFullYear(),
}: SiteFooterProps) {
  const t = useText();
  const localize = useLocalizedPath();
  const copyright = formatMessage(
    t(footer.copyright, '© {year} {administratorTitle}. All rights reserved.'),
    { year: String(year), administratorTitle },
  );
  const privacyLabel = t(footer.privacyPolicy, 'Privacy Policy');
  // The site's own privacy page opens in the app, in the claimant's language; a case may link
  // the administrator's policy elsewhere instead.
  const privacy = isSitePagePath(privacyPolicyUrl) ? (
    <Link to={localize(privacyPolicyUrl)} className="site-footer__privacy">
      {privacyLabel}
    </Link>
  ) : (
    <a href={privacyPolicyUrl} className="site-footer__privacy">
      {privacyLabel}
    </a>
  );
  const phone = (
    <a href={telHref(contact.phone)}>
      <Icon icon="phone" className="me-2" aria-hidden="true" />
      <span className="visually-hidden">{t(footer.phone, 'Phone')}: </span>
      {contact.phone}
    </a>
  );
  const email = (
    <a href={`mailto:${contact.email}`}>
      <Icon icon="envelope" className="me-2" aria-hidden="true" />
      <span className="visually-hidden">{t(footer.email, 'E-mail')}: </span>
      {contact.email}
    </a>
  );
  const mailLabel = t(footer.mail, 'Mail');

  if (variant === 'compact') {
    return (
      <footer className="site-footer site-footer--compact">
        <Container>
          <div className="site-footer__row">
            <p className="mb-0">{copyright}</p>
            {privacy}
            {phone}
            {email}
          </div>
          <address className="mt-2 small" aria-label={mailLabel}>
            <Icon icon="location-dot" className="me-2" aria-hidden="true" />
            {contact.mailingAddress.join(', ')}
          </address>
        </Container>
      </footer>
    );
  }

  const contactHeading = t(footer.contactHeading, 'Contact the Settlement Administrator');
  const address = (
    <address>
      {contact.mailingAddress.map((line) => (
        <span key={line} className="d-block">
          {line}
        </span>
      ))}
    </address>
  );

  if (variant === 'centered') {
    return (
      <footer className="site-footer site-footer--centered">
        <Container>
          <h2 className="h6">{contactHeading}</h2>
          <ul className="site-footer__list mb-3">
            <li>{phone}</li>
            <li>{email}</li>
          </ul>
          <h3 className="visually-hidden">{mailLabel}</h3>
          {address}
          <p className="mt-3 mb-1">{privacy}</p>
          <p className="mb-0 small">{copyright}</p>
        </Container>
      </footer>
    );
  }

  return (
    <footer className="site-footer site-footer--columns">
      <Container>
        <div className="row gy-4">
          <section className="col-md-4" aria-labelledby="site-footer-contact">
            <h2 id="site-footer-contact">{contactHeading}</h2>
            <ul className="site-footer__list">
              <li>{phone}</li>
              <li>{email}</li>
            </ul>
          </section>
          <section className="col-md-4" aria-labelledby="site-footer-mail">
            <h2 id="site-footer-mail">{mailLabel}</h2>
            {address}
          </section>
          <div className="col-md-4">
            <p className="mb-2">{privacy}</p>
            <p className="mb-0 small">{copyright}</p>
          </div>
        </div>
      </Container>
    </footer>
  );
}
