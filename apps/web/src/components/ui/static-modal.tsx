import { useEffect, useState, type ReactNode } from 'react';
import type BootstrapModalComponent from 'react-bootstrap/Modal';
import { logger } from '../../lib/logger';

export { default as ModalBody } from 'react-bootstrap/ModalBody';
export { default as ModalFooter } from 'react-bootstrap/ModalFooter';
export { default as ModalHeader } from 'react-bootstrap/ModalHeader';
export { default as ModalTitle } from 'react-bootstrap/ModalTitle';

type BootstrapModal = typeof BootstrapModalComponent;

let loadedModal: BootstrapModal | null = null;
let loadingModal: Promise<BootstrapModal> | null = null;

/**
 * react-bootstrap's Modal (its focus trap, backdrop and scroll lock), loaded the first time a
 * dialog opens: most visits never show one, so the pages do not wait for it.
 */
export function loadModal(): Promise<BootstrapModal> {
  loadingModal ??= import('react-bootstrap/Modal').then(
    (module) => (loadedModal = module.default),
    (error: unknown) => {
      loadingModal = null;
      throw error;
    },
  );
  return loadingModal;
}

export interface StaticModalProps {
  show: boolean;
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  /** Id of the element that describes the dialog (its message). */
  describedBy?: string;
  className?: string;
  children: ReactNode;
}

/**
 * docs/behaviour.md#feedback: modals have a static backdrop and keyboard dismissal disabled, so
 * they close only through their own buttons. The buttons must therefore be reachable by keyboard;
 * the focused one is chosen by the caller (see DialogButton). Lay the dialog out with
 * ModalHeader, ModalTitle, ModalBody and ModalFooter from this module.
 */
export function StaticModal({
  show,
  labelledBy,
  describedBy,
  className,
  children,
}: StaticModalProps) {
  const [Modal, setModal] = useState<BootstrapModal | null>(() => loadedModal);
  useEffect(() => {
    if (!show || Modal !== null) return undefined;
    let active = true;
    loadModal().then(
      (loaded) => {
        if (active) setModal(() => loaded);
      },
      (error: unknown) => logger.error('could not load the dialog', error),
    );
    return () => {
      active = false;
    };
  }, [show, Modal]);
  if (Modal === null) return null;
  return (
    <Modal
      show={show}
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={className}
    >
      {children}
    </Modal>
  );
}
