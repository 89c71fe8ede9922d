import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import type { FormType } from '@claims/core/form-types';
import { formPagePath } from '@claims/core/routes';
import { Link } from 'react-router';
import { useApplicationStore } from '../../stores/application-store';
import { useLocalizedPath, useText } from '../../stores/localization-store';
import { ContentSections } from './content-sections';
import { useSite } from './use-site';

const { landing, lookup, button, header } = UI_CONTENT_KEYS;

interface Journey {
  formType: FormType;
  title: [key: string, fallback: string];
  intro: [key: string, fallback: string];
  action: [key: string, fallback: string];
}

/**
 * The journeys a claimant can choose, in the order a claimant meets them
 * (docs/behaviour.md#form-types).
 */
export const JOURNEYS: readonly Journey[] = [
  {
    formType: 'Automotive',
    title: [landing.automotiveTitle, 'File a vehicle claim'],
    intro: [landing.automotiveIntro, 'File a claim for an eligible vehicle.'],
    action: [button.startClaim, 'Start a claim'],
  },
  {
    formType: 'Standard',
    title: [landing.standardTitle, 'File a claim with your Notice ID'],
    intro: [landing.standardIntro, 'Use the Notice ID and PIN from the notice you received.'],
    action: [button.startClaim, 'Start a claim'],
  },
  {
    formType: 'Lookup',
    title: [lookup.title, 'Check whether your vehicle is eligible'],
    intro: [lookup.intro, 'Enter your Vehicle Identification Number (VIN).'],
    action: [button.lookup, 'Look up a VIN'],
  },
  {
    formType: 'DocumentsUpload',
    title: [landing.documentsUploadTitle, 'Upload documents for a filed claim'],
    intro: [landing.documentsUploadIntro, 'Add documents to a claim you have already filed.'],
    action: [header.uploadDocuments, 'Upload Documents'],
  },
];

/** File a Claim (/claim): the journeys the case offers, each leading to its landing page. */
export function FileClaimPage() {
  const t = useText();
  const localize = useLocalizedPath();
  const page = useSite().pages.fileClaim;
  const available = useApplicationStore((state) => state.availableFormTypes);
  const journeys = JOURNEYS.filter((journey) => available.includes(journey.formType));
  return (
    <div className="content-page">
      <h1 className="page-heading">
        {page === undefined ? t(header.fileClaim, 'File a Claim') : t(page.titleKey)}
      </h1>
      {page !== undefined && <ContentSections sections={page.sections} />}
      <ul className="journey-list">
        {journeys.map((journey) => {
          const headingId = `journey-${journey.formType}`;
          return (
            <li key={journey.formType} className="card h-100">
              <div className="card-body d-flex flex-column">
                <h2 id={headingId} className="h5 card-title">
                  {t(...journey.title)}
                </h2>
                <p className="card-text flex-grow-1">{t(...journey.intro)}</p>
                <Link
                  className="btn btn-primary align-self-start"
                  to={localize(formPagePath(journey.formType, ''))}
                  aria-describedby={headingId}
                >
                  {t(...journey.action)}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
