import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useText } from '../../stores/localization-store';
import { ReturnHomeLink } from './return-home-link';

const { fixedPage } = UI_CONTENT_KEYS;

/** /page-not-found?culture=… (docs/behaviour.md#routes); unknown paths are sent here. */
export function NotFoundPage() {
  const t = useText();
  return (
    <div className="content-page">
      <h1 className="page-heading">{t(fixedPage.notFoundTitle, 'Page not found')}</h1>
      <p>
        {t(
          fixedPage.notFoundCopy,
          'The page you are looking for does not exist. Check the address, or start again from the home page.',
        )}
      </p>
      <ReturnHomeLink />
    </div>
  );
}
