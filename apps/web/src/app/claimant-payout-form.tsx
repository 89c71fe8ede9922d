import type { ClaimStatusResponse } from '@claims/core/contract/claimant-api';
import { PAYMENT_FIELDS } from '@claims/core/contract/payment-election';
import { journeyPage } from '@claims/core/journeys/journeys';
import { CLAIM_STATUS_TEXT } from '../features/claim-status/claim-status-text';
import { sendPayout } from '../features/claim-status/claimant-calls';
import { ButtonBlock } from '../features/forms/blocks/button-block';
import { BlockRenderer } from '../features/forms/components/block-renderer';
import { PageFrame } from '../features/forms/components/page-frame';
import { ClaimantSaveButton, selectedFields, textFields } from './claimant-change-form';

/** The claim form's payment-election page: its model, fields, masks and rules. */
export const PAYMENT_ELECTION = journeyPage('Standard', 'payment-election');

/**
 * A new payout election on Check Claim Status, in the blocks of the claim form's
 * payment-election page (the methods the case offers, each with its fields shown only for it),
 * checked as the form checks them before the server checks them again.
 */
export function PayoutForm({
  onChanged,
  onCancel,
}: {
  onChanged(claim: ClaimStatusResponse): void;
  onCancel(): void;
}) {
  const model = PAYMENT_ELECTION.metadata;
  return (
    <PageFrame
      formType="Standard"
      page="change-payout"
      title={CLAIM_STATUS_TEXT.payoutChangeTitle}
      intro={[CLAIM_STATUS_TEXT.payoutChangeIntro]}
      metadata={model}
    >
      {PAYMENT_ELECTION.blocks.map((block, index) => (
        <BlockRenderer key={index} config={block} />
      ))}
      <div className="form-navigation mt-4 d-flex flex-wrap gap-2">
        <ButtonBlock
          label={CLAIM_STATUS_TEXT.payoutCancel}
          variant="outline-secondary"
          onClick={onCancel}
        />
        <ClaimantSaveButton
          label={CLAIM_STATUS_TEXT.payoutSave}
          send={() => sendPayout(textFields(PAYMENT_FIELDS, model ? selectedFields(model) : {}))}
          onSaved={onChanged}
        />
      </div>
    </PageFrame>
  );
}
