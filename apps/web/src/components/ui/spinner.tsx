import BootstrapSpinner from 'react-bootstrap/Spinner';

/** A busy indicator with a label screen readers announce. */
export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div className={`d-flex justify-content-center py-5 ${className ?? ''}`} role="status">
      <BootstrapSpinner animation="border" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
