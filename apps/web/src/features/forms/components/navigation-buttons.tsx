import { useId } from 'react';
import { ButtonBlock } from '../blocks/button-block';
import { FeedbackMessageBlock } from '../blocks/feedback-message-block';
import { FORMS_TEXT } from '../forms-text';
import { useNextAction, type NextAction } from '../hooks/use-next-action';
import type { LocalizedText } from '../localized-text';
import { useNavigationStore } from '../../../stores/navigation-store';
import { HiddenFieldInput } from './hidden-field-input';
import { SaveForLater } from '../drafts/save-for-later';
import { useFormContext } from '../form-context';
import { UploadProgress } from '../upload/upload-progress';

export interface NavigationButtonsProps {
  back?: boolean;
  next?: NextAction | null;
  nextLabel?: LocalizedText;
}

/**
 * Back and the page's main action, with the server's refusal above them when there is one. On a
 * page opened from the claim summary's Edit link, Next reads "Return to Review" and goes back
 * there.
 */
export function NavigationButtons({
  back = false,
  next = 'next',
  nextLabel,
}: NavigationButtonsProps) {
  const action = useNextAction(next ?? 'next');
  const { formType } = useFormContext();
  const errorId = useId();
  const returning = useNavigationStore((state) => state.returnTo !== null);
  const defaultLabel =
    next === 'submit'
      ? FORMS_TEXT.submit
      : returning && next === 'next'
        ? FORMS_TEXT.returnToReview
        : FORMS_TEXT.next;
  return (
    <div className="form-navigation mt-4">
      {next === 'submit' && <HiddenFieldInput />}
      {next === 'submit' && <UploadProgress />}
      {action.error && (
        <FeedbackMessageBlock id={errorId} variant="danger" message={action.error} />
      )}
      {action.paymentMismatch && (
        <p>
          <ButtonBlock
            label={FORMS_TEXT.payPalChange}
            variant="link"
            onClick={() => useNavigationStore.getState().skipTo('payment-election')}
          />
        </p>
      )}
      <div className="d-flex flex-wrap gap-2 justify-content-between">
        {back ? (
          <ButtonBlock
            label={FORMS_TEXT.back}
            variant="outline-secondary"
            onClick={() => useNavigationStore.getState().back()}
          />
        ) : (
          <span />
        )}
        {next && (
          <ButtonBlock
            label={nextLabel ?? defaultLabel}
            icon={next === 'submit' ? 'paper-plane' : undefined}
            // The refusal is announced when it appears and read again with the button, which
            // keeps the focus (ButtonBlock), so the claimant can correct and press it again.
            describedBy={action.error ? errorId : undefined}
            onClick={action.run}
          />
        )}
      </div>
      <SaveForLater formType={formType} />
    </div>
  );
}
