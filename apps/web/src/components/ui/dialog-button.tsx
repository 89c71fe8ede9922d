import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';

export interface DialogButtonProps {
  label: string;
  onClick: () => void;
}

/**
 * A dialog's answer button. It takes the focus when it mounts, so keyboard and screen-reader
 * users start where the dialog expects an answer.
 */
export function DialogButton({ label, onClick }: DialogButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <Button ref={ref} variant="primary" onClick={onClick}>
      {label}
    </Button>
  );
}
