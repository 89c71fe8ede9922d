import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useModelsStore } from '../stores/models-store';
import { modelConfig } from '../testing/model-configs';
import { renderWithModel } from '../testing/render-with-model';
import { TextBlock } from './text-block';

const EMAIL = 'james.williams64@example.net';

const contactFields = (prefilledConfirmed: boolean) => ({
  emailAddress: { label: 'Email', prepopulatedDataKey: 'emailAddress', prefilledConfirmed },
  confirmEmailAddress: {
    label: 'Confirm email',
    validations: [{ type: 'requiredOnClientOnly' }],
  },
});

const confirms = { field: 'emailAddress', message: 'The email addresses do not match.' };

function renderContact(prefilledConfirmed = true) {
  const harness = renderWithModel(
    <>
      <TextBlock field="emailAddress" type="email" />
      <TextBlock field="confirmEmailAddress" type="email" confirms={confirms} />
    </>,
    contactFields(prefilledConfirmed),
  );
  act(() => {
    useModelsStore.getState().applyPrepopulatedData('Standard', { emailAddress: EMAIL });
  });
  return harness;
}

describe('a confirmation field after prefilled contact details', () => {
  it('is not asked while the e-mail the class list gave is kept', () => {
    renderContact();
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(screen.queryByLabelText(/Confirm email/)).not.toBeInTheDocument();
  });

  it('holds the kept e-mail, so the claim carries it as if typed', () => {
    const { model } = renderContact();
    expect(model().fields.confirmEmailAddress).toBe(EMAIL);
  });

  it('is asked, empty, once the claimant changes the e-mail', async () => {
    renderContact();
    await userEvent.type(screen.getByLabelText('Email'), 'x');
    expect(screen.getByLabelText(/Confirm email/)).toHaveValue('');
  });

  it('is asked when the case does not mark the e-mail prefilled-and-confirmed', () => {
    renderContact(false);
    expect(screen.getByLabelText(/Confirm email/)).toBeInTheDocument();
  });
});

describe('a field that starts from another part of the claim', () => {
  const claimantInfo = modelConfig('Standard', 'ClaimantInfo', { emailAddress: {} });
  const paymentFields = { paymentEmail: { label: 'Payment email' } };
  const startsFrom = { dtoMapping: 'ClaimantInfo', field: 'emailAddress' } as const;

  function renderPayment(paymentEmail: string | null = null) {
    return renderWithModel(
      <TextBlock field="paymentEmail" type="email" startsFrom={startsFrom} />,
      paymentFields,
      {
        dtoMapping: 'ClaimDetails',
        otherConfigs: [claimantInfo],
        values: { paymentEmail },
        prepare: () => {
          const store = useModelsStore.getState();
          const info = store.selectModel({ formType: 'Standard', dtoMapping: 'ClaimantInfo' });
          store.setFieldValue(info.clientId, 'emailAddress', EMAIL);
        },
      },
    );
  }

  it('starts the payment e-mail from the contact e-mail', () => {
    renderPayment();
    expect(screen.getByLabelText('Payment email')).toHaveValue(EMAIL);
  });

  it('keeps a payment e-mail the field already holds', () => {
    renderPayment('pay@example.com');
    expect(screen.getByLabelText('Payment email')).toHaveValue('pay@example.com');
  });
});

describe('a field that starts from the address', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('starts the VIN from the query a Lookup answer links with', () => {
    window.history.replaceState(null, '', '/automotive?vin=1NWVRS2F5JR162080');
    renderWithModel(
      <TextBlock field="vin" startsFromQuery="vin" />,
      { vin: { label: 'VIN' } },
      {
        formType: 'Automotive',
        dtoMapping: 'Credentials',
      },
    );
    expect(screen.getByLabelText('VIN')).toHaveValue('1NWVRS2F5JR162080');
  });
});
