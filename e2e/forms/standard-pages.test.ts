import { formsConfigResponseSchema } from '@claims/core/contract/api';
import { maskExample } from '@claims/core/masks/masks';
import { MASK_MESSAGE } from '@claims/core/rules/engine';
import { formatMessage, messageFor } from '@claims/core/rules/messages';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from '../support/axe';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { FormDriver } from '../support/form-driver';
import {
  DEMO,
  K,
  SAMPLE_FILES,
  addDocument,
  fillContactDetails,
  fillRepairRow,
  fillVehicleHistory,
  repairRow,
} from '../support/journeys';

// One visit through the Standard form: each test is one page, in order, and leaves the
// claimant on the next page. On each page: the empty state passes axe; bad input shows the
// field's error and the page passes axe with its errors; the filled page passes axe.
const session = useBrowser({ sharedContext: true });
let form: FormDriver;

const V = {
  required: 'LocKey_Validation_Required',
  requiredIf: 'LocKey_Validation_RequiredIf',
  restricted: 'LocKey_Validation_RestrictedCharacters',
  between: 'LocKey_Validation_Number_Between',
} as const;

/** The bounds of the acquisition date's range rule, which move with the case's deadlines. */
async function acquisitionDateBounds(): Promise<{ min: string; max: string }> {
  const response = await form.page.request.get('/api/forms/config');
  const configs = formsConfigResponseSchema.parse(await response.json());
  const details = configs.find(
    (config) =>
      config.metadata.formType === 'Standard' && config.metadata.dtoMapping === 'ClaimDetails',
  );
  const rule = details?.fields.acquisitionDate?.validations.find((entry) => entry.type === 'range');
  if (rule?.type !== 'range') throw new Error('the acquisition date has no range rule');
  return { min: String(rule.min), max: String(rule.max) };
}

async function axe(state: string): Promise<void> {
  await expectNoAxeViolations(form.page, `${new URL(form.page.url()).pathname} ${state}`);
}

/** Presses the page's main action and waits for the error summary the failed check shows. */
describe('the pages of the Standard form', () => {
  it('landing: refuses empty, malformed and wrong credentials', async () => {
    form = new FormDriver(session.page, await cultureTexts(inject('baseUrl'), 'en'));
    await form.page.goto('/standard');
    await form.expectPage(K.standardLanding);
    await axe('empty');

    await form.pressExpectingErrors(K.startClaim);
    expect(await form.fieldError(K.noticeId)).toBe(form.t(V.required));
    expect(await form.fieldError(K.pin)).toBe(form.t(V.required));
    await form.type(K.noticeId, 'AB1234');
    await form.type(K.pin, '12a4');
    expect(await form.fieldError(K.noticeId)).toBe(form.t('LocKey_Validation_NoticeId_Format'));
    expect(await form.fieldError(K.pin)).toBe(form.t('LocKey_Validation_Pin_Format'));
    await axe('with errors');

    // A wrong PIN: the server's refusal is shown and the focus stays on the button.
    await form.type(K.noticeId, DEMO.standard.noticeId);
    await form.type(K.pin, '111111');
    const start = form.button(K.startClaim);
    await start.click();
    await form.page.getByRole('main').getByRole('alert').waitFor();
    expect(await start.evaluate((button) => button === document.activeElement)).toBe(true);
    await axe('refused');

    await form.type(K.pin, DEMO.standard.pin);
    await axe('filled');
    // The claimant-info page is checked empty, as for a member the class list has no name or
    // address for: the authorize answer, and the form's standing read after it to resume a
    // draft, reach the page without prepopulated data and without a draft another test left.
    const withoutPrefill = ['**/api/forms/standard/authorize', '**/api/forms/standard/draft'];
    for (const pattern of withoutPrefill) {
      await form.page.route(pattern, async (route) => {
        if (route.request().method() === 'PUT') return route.continue();
        const response = await route.fetch();
        const body = (await response.json()) as Record<string, unknown>;
        const json = {
          ...body,
          prepopulatedData: null,
          ...('draft' in body ? { draft: null } : {}),
        };
        await route.fulfill({ response, json });
      });
    }
    await form.advance(K.startClaim, K.claimantInfo);
    for (const pattern of withoutPrefill) await form.page.unroute(pattern);
  });

  it('claimant-info: refuses restricted characters, a short ZIP, a half-typed phone, a missing name and mismatched e-mails', async () => {
    await axe('empty');
    await expect(form.field(K.firstName).inputValue()).resolves.toBe('');
    await form.type(K.firstName, 'Ja<me>s');
    await form.type(K.zip, '9001');
    await form.type(K.email, 'james@example.com');
    await form.type(K.confirmEmail, 'jim@example.com');
    await form.type(K.phone, '2135550147');
    await form.type(K.confirmPhone, '21355');
    await form.pressExpectingErrors(K.next);
    expect(await form.fieldError(K.lastName)).toBe(form.t(V.required));
    expect(await form.fieldError(K.confirmPhone)).toBe(
      messageFor(MASK_MESSAGE, { example: maskExample('usPhone') }, (key) =>
        form.texts.has(key) ? form.t(key) : undefined,
      ),
    );
    const restricted = await form.fieldError(K.firstName);
    expect(restricted.startsWith(form.t(V.restricted))).toBe(true);
    expect(restricted).toContain('<');
    expect(restricted).toContain('>');
    expect(await form.fieldError(K.zip)).toBe(form.t('LocKey_Validation_ZipCode_Format'));
    expect(await form.fieldError(K.confirmEmail)).toBe(form.t('LocKey_Validation_EmailMismatch'));
    await axe('with errors');

    await form.type(K.firstName, 'James');
    await form.type(K.lastName, 'Williams');
    await form.type(K.street1, '454 Lakeview Court');
    await form.type(K.city, 'Los Angeles');
    await form.selectValue(K.state, 'CA');
    await form.type(K.zip, '90012');
    await fillContactDetails(form, 'james.williams@example.com');
    await axe('filled');
    await form.advance(K.next, K.claimDetails);
  });

  it('claimant-info: masks the phone number as (###) ###-####', async () => {
    await form.button(K.back).click();
    await form.expectPage(K.claimantInfo);
    await form.type(K.phone, '21a35550147999');
    await expect(form.field(K.phone).inputValue()).resolves.toBe('(213) 555-0147');
    await form.advance(K.next, K.claimDetails);
  });

  it('claim-details: refuses impossible and out-of-range dates, amounts and unanswered questions', async () => {
    await axe('empty');
    await form.pressExpectingErrors(K.next);
    expect(await form.groupError(K.ownership)).toBe(form.t(V.required));
    expect(await form.fieldError(K.acquisitionDate)).toBe(form.t(V.required));
    await axe('with errors');

    await form.type(K.acquisitionDate, '02/30/2019');
    expect(await form.fieldError(K.acquisitionDate)).toBe(
      formatMessage(form.t('LocKey_Validation_ValidDate'), { formats: 'MM/dd/yyyy, M/d/yyyy' }),
    );
    await form.type(K.acquisitionDate, '06/01/2010');
    expect(await form.fieldError(K.acquisitionDate)).toBe(
      formatMessage(
        form.t('LocKey_Validation_AcquisitionDate_Between'),
        await acquisitionDateBounds(),
      ),
    );
    await form.choose(K.hadRepairs, 'LocKey_Option_Yes');
    await form.type(K.totalRepairCost, '60000');
    expect(await form.fieldError(K.totalRepairCost)).toBe(
      formatMessage(form.t(V.between), { min: '1', max: '50000' }),
    );

    await form.type(K.vin, DEMO.standard.vin);
    await fillVehicleHistory(form, true);
    await fillRepairRow(form, repairRow(form, 0));
    await axe('filled');
    await form.advance(K.next, K.paymentElection);
  });

  it('payment-election: needs a payment method and an e-mail for electronic payment', async () => {
    await axe('empty');
    await form.pressExpectingErrors(K.next);
    expect(await form.groupError(K.paymentMethod)).toBe(form.t(V.required));
    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentVirtualCard');
    // The payment e-mail starts from the contact e-mail (docs/behaviour.md#name-and-contact).
    const paymentEmail = form.field('LocKey_Field_PaymentEmail');
    await expect.poll(() => paymentEmail.inputValue()).toBe('james.williams@example.com');
    await form.clear('LocKey_Field_PaymentEmail');
    await form.pressExpectingErrors(K.next);
    expect(await form.fieldError('LocKey_Field_PaymentEmail')).toBe(form.t(V.requiredIf));
    await axe('with errors');

    await form.choose(K.paymentMethod, 'LocKey_Option_PaymentCheck');
    await axe('filled');
    await form.advance(K.next, K.supportingDocuments);
  });

  it('supporting-documents: needs at least one uploaded document', async () => {
    await axe('empty');
    await form.pressExpectingErrors(K.next);
    await form.page
      .getByRole('main')
      .getByText(form.t('LocKey_Records_DocumentationRequired'))
      .first()
      .waitFor();
    await axe('with errors');

    await addDocument(form, SAMPLE_FILES.invoice());
    await axe('filled');
    await form.advance(K.next, K.claimSummary);
  });

  it('claim-summary: needs the signature and the attestation before submitting', async () => {
    await axe('empty');
    await form.pressExpectingErrors(K.submit);
    expect(await form.fieldError(K.signature)).toBe(form.t(V.required));
    await form.type(K.signature, 'James Williams §');
    expect((await form.fieldError(K.signature)).startsWith(form.t(V.restricted))).toBe(true);
    await axe('with errors');

    await form.type(K.signature, 'James T Williams');
    await form.check(K.attestation);
    await axe('filled');
    await form.advance(K.submit, K.confirmation);
  });

  it('confirmation: passes axe', async () => {
    await axe('with the reference code');
  });
});
