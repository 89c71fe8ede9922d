import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { useApplicationStore } from '../../stores/application-store';
import { useText } from '../../stores/localization-store';
import { ModalBody, ModalFooter, ModalHeader, ModalTitle, StaticModal } from './static-modal';
import { useFocusOnMount } from './use-focus-on-mount';

function OkButton({ onClick, label }: { onClick: () => void; label: string }) {
  const ref = useFocusOnMount<HTMLButtonElement>();
  return (
    <Button ref={ref} variant="primary" onClick={onClick}>
      {label}
    </Button>
  );
}

/**
 * The error alert of SPEC.md section 8: header, message and an OK button that closes it. It
 * shows the application store's errorInfo, so any part of the site reports an error with
 * useApplicationStore.getState().showError(message).
 */
export function AlertDialog() {
  const t = useText();
  const { showError, header, message } = useApplicationStore((state) => state.errorInfo);
  const hideError = useApplicationStore((state) => state.hideError);
  const titleId = useId();
  const messageId = useId();
  return (
    <StaticModal
      show={showError}
      labelledBy={titleId}
      describedBy={messageId}
      className="alert-dialog"
    >
      <ModalHeader>
        <ModalTitle as="h2" id={titleId} className="h5">
          {header ?? t(UI_CONTENT_KEYS.shared.alertHeader, 'Something went wrong')}
        </ModalTitle>
      </ModalHeader>
      <ModalBody>
        <p id={messageId} className="mb-0">
          {message}
        </p>
      </ModalBody>
      <ModalFooter>
        <OkButton onClick={hideError} label={t(UI_CONTENT_KEYS.button.ok, 'OK')} />
      </ModalFooter>
    </StaticModal>
  );
}
