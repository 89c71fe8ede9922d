import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { Link } from 'react-router';
import { useLocalizedPath, useText } from '../../stores/localization-store';

/** A link back into the site; by default to the home page. */
export function ReturnHomeLink({ to = '/', label }: { to?: string; label?: string }) {
  const t = useText();
  const localize = useLocalizedPath();
  return (
    <Link className="btn btn-primary" to={localize(to)}>
      {label ?? t(UI_CONTENT_KEYS.button.returnHome, 'Return to the home page')}
    </Link>
  );
}
