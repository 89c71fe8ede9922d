import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useText } from '../../stores/localization-store';
import { AdministratorContact } from './administrator-contact';
import { ContentSections } from './content-sections';
import { useSite } from './use-site';

type ServicePage = 'claimStatus' | 'changeOfAddress';

const TITLES: Readonly<Record<ServicePage, [key: string, fallback: string]>> = {
  claimStatus: [UI_CONTENT_KEYS.header.checkClaimStatus, 'Check Claim Status'],
  changeOfAddress: [UI_CONTENT_KEYS.header.changeAddress, 'Change My Address'],
};

const UNAVAILABLE: Readonly<Record<ServicePage, [key: string, fallback: string]>> = {
  claimStatus: [
    UI_CONTENT_KEYS.servicePage.claimStatusUnavailable,
    'Claim status cannot be checked on this website yet. To ask about your claim, contact the Settlement Administrator using the details below and have your claim reference code ready.',
  ],
  changeOfAddress: [
    UI_CONTENT_KEYS.servicePage.changeOfAddressUnavailable,
    'Addresses cannot be changed on this website yet. To update your mailing address, contact the Settlement Administrator using the details below and include your claim reference code.',
  ],
};

/**
 * Check Claim Status (/claim/status) and Change My Address (/coa). The site has no online
 * service for these yet, so the page says so and how to reach the administrator instead;
 * a case may give the page its own copy.
 */
export function ContactAdministratorPage({ page }: { page: ServicePage }) {
  const t = useText();
  const copy = useSite().pages[page];
  return (
    <div className="content-page">
      <h1 className="page-heading">{copy === undefined ? t(...TITLES[page]) : t(copy.titleKey)}</h1>
      {copy === undefined ? (
        <p>{t(...UNAVAILABLE[page])}</p>
      ) : (
        <ContentSections sections={copy.sections} />
      )}
      <AdministratorContact />
    </div>
  );
}
