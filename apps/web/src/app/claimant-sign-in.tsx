import { journeyPage } from '@claims/core/journeys/journeys';
import { useEffect, useId } from 'react';
import { ButtonBlock } from '../features/forms/blocks/button-block';
import { FeedbackMessageBlock } from '../features/forms/blocks/feedback-message-block';
import { BlockRenderer } from '../features/forms/components/block-renderer';
import { PageFrame } from '../features/forms/components/page-frame';
import { useNextAction } from '../features/forms/hooks/use-next-action';
import type { LocalizedText } from '../features/forms/localized-text';
import type { ClaimantSignInForm } from '../features/change-of-address/change-of-address-page';

function SignInButton({ label, onSignedIn }: { label: LocalizedText; onSignedIn(): void }) {
  const action = useNextAction('authorize', false);
  const errorId = useId();
  const authorized = action.lastAuthorization?.authorized === true;
  useEffect(() => {
    if (authorized) onSignedIn();
  }, [authorized, onSignedIn]);
  return (
    <div className="form-navigation mt-4">
      {action.error && (
        <FeedbackMessageBlock id={errorId} variant="danger" message={action.error} />
      )}
      <ButtonBlock
        label={label}
        describedBy={action.error ? errorId : undefined}
        onClick={action.run}
      />
    </div>
  );
}

/**
 * The sign-in of a form's landing page (its credential fields with their masks and rules, and
 * the captcha), authorized as that form authorizes (docs/behaviour.md#authorization, with its
 * lockouts), staying on the page that asked for it.
 */
export function ClaimantSignIn({
  form,
  title,
  intro,
  label,
  onSignedIn,
  children,
}: {
  form: ClaimantSignInForm;
  title: LocalizedText;
  intro: readonly LocalizedText[];
  label: LocalizedText;
  onSignedIn(): void;
  children?: React.ReactNode;
}) {
  const landing = journeyPage(form, 'landing');
  return (
    <PageFrame
      formType={form}
      page="landing"
      title={title}
      intro={intro}
      metadata={landing.metadata}
    >
      {children}
      {landing.blocks.map((block, index) => (
        <BlockRenderer key={index} config={block} />
      ))}
      <SignInButton label={label} onSignedIn={onSignedIn} />
    </PageFrame>
  );
}
