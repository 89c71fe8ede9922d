import { THEMES, unexpectedThemeMessage } from '@claims/core/case/themes';
import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useText } from '../../stores/localization-store';

/**
 * The configuration error of docs/behaviour.md#themes for a theme the site does not have: a page
 * that names the theme and the allowed ones instead of a blank screen.
 */
export function ConfigurationErrorPage({ theme }: { theme: string }) {
  const t = useText();
  const problem =
    theme.trim() === ''
      ? `Theme not specified; expected one of ${THEMES.join(', ')}`
      : unexpectedThemeMessage(theme);
  return (
    <main className="configuration-error" id="main-content">
      <h1 className="h2">
        {t(
          UI_CONTENT_KEYS.fixedPage.configurationErrorTitle,
          'This site is not configured correctly',
        )}
      </h1>
      <p>
        {t(
          UI_CONTENT_KEYS.fixedPage.configurationErrorCopy,
          'The site cannot be shown because of a configuration problem. Please try again later.',
        )}
      </p>
      <p className="text-body-secondary">
        <code>{problem}</code>
      </p>
    </main>
  );
}
