import type { AddressChangeResponse } from '@claims/core/contract/claimant-api';
import { ADDRESS_FIELDS } from '@claims/core/journeys/journey-blocks';
import { useId, useState } from 'react';
import { AddressInputBlock } from '../features/forms/blocks/address-input-block';
import { ButtonBlock } from '../features/forms/blocks/button-block';
import { FeedbackMessageBlock } from '../features/forms/blocks/feedback-message-block';
import { PageFrame } from '../features/forms/components/page-frame';
import { usePageActions } from '../features/forms/page-context';
import { useModelsStore } from '../features/forms/stores/models-store';
import { sendAddress } from '../features/claim-status/claimant-calls';
import { CHANGE_OF_ADDRESS_TEXT } from '../features/change-of-address/change-of-address-text';

/** The claim form's model that holds the mailing address, with its masks and rules. */
const ADDRESS_MODEL = { formType: 'Standard', dtoMapping: 'ClaimantInfo' } as const;

/** The address fields of a model, as the change of address sends them. */
export function addressOf(
  fields: Readonly<Record<string, unknown>>,
): Record<string, string | null> {
  return Object.fromEntries(
    Object.values(ADDRESS_FIELDS).map((key) => {
      const value = fields[key];
      return [key, typeof value === 'string' && value !== '' ? value : null];
    }),
  );
}

function SaveButton({ onChanged }: { onChanged(answer: AddressChangeResponse): void }) {
  const { validatePage } = usePageActions();
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const save = async () => {
    setError(null);
    if (!validatePage()) return;
    const fields = useModelsStore.getState().selectModel(ADDRESS_MODEL).fields;
    const answer = await sendAddress(addressOf(fields));
    if (answer.ok) onChanged(answer.value);
    else setError(answer.error);
  };
  return (
    <div className="form-navigation mt-4">
      <div aria-live="polite">
        {error && <FeedbackMessageBlock id={errorId} variant="danger" message={error} />}
      </div>
      <ButtonBlock
        label={CHANGE_OF_ADDRESS_TEXT.save}
        describedBy={error ? errorId : undefined}
        onClick={save}
      />
    </div>
  );
}

/** The new mailing address, in the claim form's address block, checked as the form checks it. */
export function AddressForm({ onChanged }: { onChanged(answer: AddressChangeResponse): void }) {
  return (
    <PageFrame
      formType="Standard"
      page="change-of-address"
      title={CHANGE_OF_ADDRESS_TEXT.title}
      intro={[CHANGE_OF_ADDRESS_TEXT.addressIntro]}
      metadata={ADDRESS_MODEL}
    >
      <AddressInputBlock />
      <SaveButton onChanged={onChanged} />
    </PageFrame>
  );
}
