import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { Icon } from '../../components/ui/icon';
import { useText } from '../../stores/localization-store';
import { useSite } from './use-site';

const { footer } = UI_CONTENT_KEYS;

/** The administrator's phone, e-mail and mailing address, as a block of a page. */
export function AdministratorContact() {
  const t = useText();
  const { administratorTitle, contact } = useSite();
  return (
    <section className="administrator-contact card" aria-labelledby="administrator-contact-heading">
      <div className="card-body">
        <h2 id="administrator-contact-heading" className="h4 card-title">
          {t(footer.contactHeading, 'Contact the Settlement Administrator')}
        </h2>
        <p className="fw-semibold">{administratorTitle}</p>
        <dl className="mb-0">
          <dt>
            <Icon icon="phone" className="me-2" aria-hidden="true" />
            {t(footer.phone, 'Phone')}
          </dt>
          <dd>
            <a href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}>{contact.phone}</a>
          </dd>
          <dt>
            <Icon icon="envelope" className="me-2" aria-hidden="true" />
            {t(footer.email, 'E-mail')}
          </dt>
          <dd>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </dd>
          <dt>
            <Icon icon="location-dot" className="me-2" aria-hidden="true" />
            {t(footer.mail, 'Mail')}
          </dt>
          <dd className="mb-0">
            <address className="mb-0">
              {contact.mailingAddress.map((line) => (
                <span key={line} className="d-block">
                  {line}
                </span>
              ))}
            </address>
          </dd>
        </dl>
      </div>
    </section>
  );
}
