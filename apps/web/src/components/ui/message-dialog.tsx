import { useId, type ReactNode } from 'react';
import { DialogButton } from './dialog-button';
import { ModalBody, ModalFooter, ModalHeader, ModalTitle, StaticModal } from './static-modal';

export interface MessageDialogProps {
  show: boolean;
  className: string;
  /** The heading, which names the dialog. */
  title: ReactNode;
  /** The message, which describes the dialog. */
  message: ReactNode;
  buttonLabel: string;
  onButton: () => void;
  /** Whatever else the body holds, after the message. */
  children?: ReactNode;
}

/** A dialog of a heading, a message and one button, its only way out. */
export function MessageDialog({
  show,
  className,
  title,
  message,
  buttonLabel,
  onButton,
  children,
}: MessageDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <StaticModal show={show} labelledBy={titleId} describedBy={messageId} className={className}>
      <ModalHeader>
        <ModalTitle as="h2" id={titleId} className="h5">
          {title}
        </ModalTitle>
      </ModalHeader>
      <ModalBody>
        <p id={messageId} className="mb-0">
          {message}
        </p>
        {children}
      </ModalBody>
      <ModalFooter>
        <DialogButton label={buttonLabel} onClick={onButton} />
      </ModalFooter>
    </StaticModal>
  );
}
