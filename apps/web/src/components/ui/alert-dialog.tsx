import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useApplicationStore } from '../../stores/application-store';
import { useText } from '../../stores/localization-store';
import { MessageDialog } from './message-dialog';

/**
 * The error alert of docs/behaviour.md#errors: header, message and an OK button that closes it. It
 * shows the application store's errorInfo, so any part of the site reports an error with
 * useApplicationStore.getState().showError(message).
 */
export function AlertDialog() {
  const t = useText();
  const { showError, header, message } = useApplicationStore((state) => state.errorInfo);
  const hideError = useApplicationStore((state) => state.hideError);
  return (
    <MessageDialog
      show={showError}
      className="alert-dialog"
      title={header ?? t(UI_CONTENT_KEYS.shared.alertHeader, 'Something went wrong')}
      message={message}
      buttonLabel={t(UI_CONTENT_KEYS.button.ok, 'OK')}
      onButton={hideError}
    />
  );
}
