import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { formPagePath } from '@claims/core/routes';
import { Link } from 'react-router';
import { useApplicationStore } from '../../stores/application-store';
import { useLocalizedPath, useText } from '../../stores/localization-store';
import { ContentSections } from './content-sections';
import { useSite } from './use-site';

/**
 * Important Documents (/documents): the court documents of the case and, since the header's
 * Upload Documents link leads here too, the way to add documents to a filed claim.
 */
export function ImportantDocumentsPage() {
  const t = useText();
  const localize = useLocalizedPath();
  const site = useSite();
  const canUpload = useApplicationStore((state) =>
    state.availableFormTypes.includes('DocumentsUpload'),
  );
  const page = site.pages.importantDocuments;
  return (
    <div className="content-page">
      <h1 className="page-heading">{t(page.titleKey)}</h1>
      <ContentSections sections={page.sections} />
      {site.importantDocuments.length > 0 && (
        <ul className="list-unstyled important-documents">
          {site.importantDocuments.map((document) => (
            <li key={document.url} className="mb-3">
              <a href={document.url} className="fw-semibold">
                {t(document.titleKey)}
              </a>
              {document.descriptionKey !== undefined && (
                <p className="mb-0 small">{t(document.descriptionKey)}</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {canUpload && (
        <section className="mt-5" aria-labelledby="upload-documents-heading">
          <h2 id="upload-documents-heading" className="h4">
            {t(UI_CONTENT_KEYS.header.uploadDocuments, 'Upload Documents')}
          </h2>
          <p>
            {t(
              UI_CONTENT_KEYS.landing.documentsUploadIntro,
              'Add documents to a claim you have already filed.',
            )}
          </p>
          <Link className="btn btn-primary" to={localize(formPagePath('DocumentsUpload', ''))}>
            {t(UI_CONTENT_KEYS.landing.documentsUploadTitle, 'Upload documents for your claim')}
          </Link>
        </section>
      )}
    </div>
  );
}
