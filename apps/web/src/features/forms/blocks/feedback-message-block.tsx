import { SanitizedHtml } from '../../../components/ui/sanitized-html';
import { useLocalized, type LocalizedText } from '../localized-text';

export interface FeedbackMessageBlockProps {
  message: LocalizedText;
  variant?: 'success' | 'danger' | 'warning' | 'info';
  id?: string;
}

/**
 * A message that answers something the claimant did. Errors interrupt a screen reader
 * (role alert); other outcomes are announced politely (role status).
 */
export function FeedbackMessageBlock({ message, variant = 'info', id }: FeedbackMessageBlockProps) {
  const localize = useLocalized();
  return (
    <div
      id={id}
      role={variant === 'danger' ? 'alert' : 'status'}
      className={`alert alert-${variant} feedback-message`}
    >
      <SanitizedHtml html={localize(message)} />
    </div>
  );
}
