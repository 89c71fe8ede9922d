import { formPagePath } from '@claims/core/routes';
import { formatMessage } from '@claims/core/rules/messages';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useApplicationStore } from '../../../stores/application-store';
import { useLocalizedPath } from '../../../stores/localization-store';
import { ButtonBlock } from '../blocks/button-block';
import { CaptchaBlock } from '../blocks/captcha-block';
import { FeedbackMessageBlock } from '../blocks/feedback-message-block';
import { TextBlock } from '../blocks/text-block';
import { PageFrame } from '../components/page-frame';
import { FORMS_TEXT } from '../forms-text';
import { useNextAction } from '../hooks/use-next-action';
import { useLocalized } from '../localized-text';
import { useModelsStore } from '../stores/models-store';

const CREDENTIALS = { formType: 'Lookup', dtoMapping: 'Credentials' } as const;

/**
 * The Automotive sign-in with the VIN filled in (docs/behaviour.md#lookup), offered beside an
 * eligible answer when the case has the Automotive form.
 */
function FileClaimLink({ vin }: { vin: string }) {
  const localize = useLocalized();
  const localizePath = useLocalizedPath();
  const available = useApplicationStore((state) => state.availableFormTypes);
  if (!available.includes('Automotive')) return null;
  const path = `${formPagePath('Automotive', '')}?${new URLSearchParams({ vin }).toString()}`;
  return (
    <Link className="btn btn-primary" to={localizePath(path)}>
      {localize(FORMS_TEXT.fileClaimForVehicle)}
    </Link>
  );
}

function LookupForm() {
  const localize = useLocalized();
  const action = useNextAction('authorize', false);
  const result = action.lastAuthorization;
  // The VIN of the answer shown: the one sent when the answer came, not the one typed since.
  const sent = useRef<string | null>(null);
  const [lookedUp, setLookedUp] = useState<string | null>(null);
  useEffect(() => setLookedUp(sent.current), [result]);
  const lookUp = () => {
    const vin = useModelsStore.getState().selectModel(CREDENTIALS).fields.vin;
    sent.current = typeof vin === 'string' ? vin : null;
    return action.run();
  };
  let answer: { eligible: boolean; text: string } | null = null;
  if (result?.authorized) {
    const data = result.prepopulatedData;
    const described = typeof data.description === 'string' ? data.description : null;
    answer = {
      eligible: true,
      text:
        described ??
        formatMessage(localize(FORMS_TEXT.lookupEligible), {
          year: String(data.year ?? ''),
          make: String(data.make ?? ''),
          model: String(data.model ?? ''),
        }),
    };
  } else if (result?.error || action.error) {
    answer = {
      eligible: false,
      text: result?.error ?? action.error ?? localize(FORMS_TEXT.lookupNotEligible),
    };
  }
  return (
    <>
      <TextBlock field="vin" autoComplete="off" />
      <CaptchaBlock />
      <ButtonBlock label={FORMS_TEXT.lookup} onClick={lookUp} />
      <div className="mt-4" aria-live="polite">
        {answer && (
          <FeedbackMessageBlock
            variant={answer.eligible ? 'success' : 'warning'}
            message={answer.text}
          />
        )}
        {answer?.eligible && lookedUp && <FileClaimLink vin={lookedUp} />}
      </div>
    </>
  );
}

/** VIN lookup (docs/behaviour.md#lookup): says whether a vehicle is eligible for the settlement. */
export default function LookupPage() {
  return (
    <PageFrame
      formType="Lookup"
      page="landing"
      title={FORMS_TEXT.lookupTitle}
      intro={[FORMS_TEXT.lookupIntro]}
      metadata={CREDENTIALS}
    >
      <LookupForm />
    </PageFrame>
  );
}
