import type { FormType } from '@claims/core/form-types';
import type { PageOutsideOrder } from '@claims/core/journeys/journeys';
import { JOURNEY_TEXT } from '@claims/core/journeys/journey-text';
import { formPagePath } from '@claims/core/routes';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../stores/localization-store';
import { useLocalized } from '../localized-text';

/** A short explanation and a link on to the page that comes next in the form's order. */
export function PageOutsideOrderView(props: {
  formType: FormType;
  page: string;
  config: PageOutsideOrder;
}) {
  const { formType, page, config } = props;
  const localize = useLocalized();
  const localizePath = useLocalizedPath();
  return (
    <div className="form-page" data-form-type={formType} data-page={page}>
      <h1 className="mb-3">{localize(config.title)}</h1>
      <p className="lead-copy">{localize(config.copy)}</p>
      <div className="form-navigation mt-4 d-flex justify-content-end">
        <Link
          className="btn btn-primary"
          to={localizePath(formPagePath(formType, config.continueTo))}
        >
          {localize(JOURNEY_TEXT.continue)}
        </Link>
      </div>
    </div>
  );
}
