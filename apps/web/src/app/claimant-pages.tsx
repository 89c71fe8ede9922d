import { ChangeOfAddressPage } from '../features/change-of-address/change-of-address-page';
import { CHANGE_OF_ADDRESS_TEXT } from '../features/change-of-address/change-of-address-text';
import { ClaimStatusPage } from '../features/claim-status/claim-status-page';
import { CLAIM_STATUS_TEXT } from '../features/claim-status/claim-status-text';
import { AdministratorContact } from '../features/content-pages/administrator-contact';
import type { DtoMapping, FormType } from '@claims/core/form-types';
import { journeyPage } from '@claims/core/journeys/journeys';
import { ADDRESS_MODEL, AddressForm } from './claimant-address-form';
import { PAYMENT_ELECTION, PayoutForm } from './claimant-payout-form';
import { ClaimantSignIn } from './claimant-sign-in';

/**
 * The claimant's pages after filing (docs/behaviour.md#after-filing), composed with the form
 * pieces they reuse: the sign-ins of the Documents Upload and Standard forms, the claim form's
 * address block and its payment-election page.
 */

type Model = { formType: FormType; dtoMapping: DtoMapping };

function modelsOf(...models: (Model | null)[]): Model[] {
  return models.filter((model): model is Model => model !== null);
}

/**
 * The models the forms of each page edit, so that its route loads the date rules only when a
 * field of one of them reads dates (app/form-page-modules.ts).
 */
export const CLAIM_STATUS_MODELS = modelsOf(
  journeyPage('DocumentsUpload', 'landing').metadata,
  PAYMENT_ELECTION.metadata,
);
export const CHANGE_OF_ADDRESS_MODELS = modelsOf(
  journeyPage('DocumentsUpload', 'landing').metadata,
  journeyPage('Standard', 'landing').metadata,
  ADDRESS_MODEL,
);

export function ClaimStatusRoute() {
  return (
    <ClaimStatusPage
      signIn={(onSignedIn) => (
        <ClaimantSignIn
          form="DocumentsUpload"
          title={CLAIM_STATUS_TEXT.title}
          intro={[CLAIM_STATUS_TEXT.signInIntro]}
          label={CLAIM_STATUS_TEXT.signIn}
          onSignedIn={onSignedIn}
        />
      )}
      contact={<AdministratorContact />}
      payoutForm={(onChanged, onCancel) => <PayoutForm onChanged={onChanged} onCancel={onCancel} />}
    />
  );
}

export function ChangeOfAddressRoute() {
  return (
    <ChangeOfAddressPage
      signIn={(form, onSignedIn, findBy) => (
        <ClaimantSignIn
          form={form}
          title={CHANGE_OF_ADDRESS_TEXT.title}
          intro={[CHANGE_OF_ADDRESS_TEXT.signInIntro]}
          label={CHANGE_OF_ADDRESS_TEXT.signIn}
          onSignedIn={onSignedIn}
        >
          {findBy}
        </ClaimantSignIn>
      )}
      addressForm={(onChanged) => <AddressForm onChanged={onChanged} />}
      contact={<AdministratorContact />}
    />
  );
}
