import type { FormType } from '@claims/core/form-types';
import { formPagePath } from '@claims/core/routes';
import { Link } from 'react-router';
import { useLocalizedPath } from '../../../stores/localization-store';
import { FORMS_TEXT } from '../forms-text';
import { useLocalized } from '../localized-text';
import type { PageOutsideOrder } from './page-configs';

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
          {localize(FORMS_TEXT.continue)}
        </Link>
      </div>
    </div>
  );
}
