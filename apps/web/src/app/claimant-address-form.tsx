import type { AddressChangeResponse } from '@claims/core/contract/claimant-api';
import { ADDRESS_FIELDS } from '@claims/core/journeys/journey-blocks';
import { AddressInputBlock } from '../features/forms/blocks/address-input-block';
import { PageFrame } from '../features/forms/components/page-frame';
import { sendAddress } from '../features/claim-status/claimant-calls';
import { CHANGE_OF_ADDRESS_TEXT } from '../features/change-of-address/change-of-address-text';
import { ClaimantSaveButton, selectedFields, textFields } from './claimant-change-form';

/** The claim form's model that holds the mailing address, with its masks and rules. */
export const ADDRESS_MODEL = { formType: 'Standard', dtoMapping: 'ClaimantInfo' } as const;

/** The address fields of a model, as the change of address sends them. */
export function addressOf(
  fields: Readonly<Record<string, unknown>>,
): Record<string, string | null> {
  return textFields(Object.values(ADDRESS_FIELDS), fields);
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
      <div className="form-navigation mt-4">
        <ClaimantSaveButton
          label={CHANGE_OF_ADDRESS_TEXT.save}
          send={() => sendAddress(addressOf(selectedFields(ADDRESS_MODEL)))}
          onSaved={onChanged}
        />
      </div>
    </PageFrame>
  );
}
