import { formatMessage } from '@claims/core/rules/messages';
import { ButtonBlock } from '../blocks/button-block';
import { CaptchaBlock } from '../blocks/captcha-block';
import { FeedbackMessageBlock } from '../blocks/feedback-message-block';
import { TextBlock } from '../blocks/text-block';
import { PageFrame } from '../components/page-frame';
import { FORMS_TEXT } from '../forms-text';
import { useNextAction } from '../hooks/use-next-action';
import { useLocalized } from '../localized-text';

function LookupForm() {
  const localize = useLocalized();
  const action = useNextAction('authorize', false);
  const result = action.lastAuthorization;
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
      <ButtonBlock label={FORMS_TEXT.lookup} onClick={action.run} />
      <div className="mt-4" aria-live="polite">
        {answer && (
          <FeedbackMessageBlock
            variant={answer.eligible ? 'success' : 'warning'}
            message={answer.text}
          />
        )}
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
      metadata={{ formType: 'Lookup', dtoMapping: 'Credentials' }}
    >
      <LookupForm />
    </PageFrame>
  );
}
