import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { formatMessage } from '@claims/core/rules/messages';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { FormDriver } from '../support/form-driver';
import { DEMO, K } from '../support/journeys';

const session = useBrowser();

async function lookUp(culture: string, vin: string): Promise<FormDriver> {
  const { page } = session;
  const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), culture));
  await page.goto(`/lookup?culture=${culture}`);
  await form.expectPage(K.lookupTitle);
  await form.type(K.vin, vin);
  await form.button(K.lookup).click();
  return form;
}

/** The eligible answer of the culture for a vehicle of the demo case's vehicle list. */
function eligibleAnswer(form: FormDriver, year: string, model: string): string {
  return formatMessage(form.t(UI_CONTENT_KEYS.lookup.eligible), { year, make: 'Northwind', model });
}

describe('the VIN lookup', () => {
  it('tells an English speaker that an eligible vehicle is included, naming it', async () => {
    const form = await lookUp('en', DEMO.eligibleVin);
    await form.page
      .getByRole('main')
      .getByText(eligibleAnswer(form, '2018', 'Vireo'))
      .waitFor();
  });

  it('tells a Spanish speaker that an eligible vehicle is included', async () => {
    const form = await lookUp('es', DEMO.automotiveVins[2]);
    await form.page
      .getByRole('main')
      .getByText(eligibleAnswer(form, '2020', 'Summit'))
      .waitFor();
  });

  it('tells a claimant that a vehicle not on the list is not eligible', async () => {
    const form = await lookUp('en', DEMO.ineligibleVin);
    await form.page
      .getByRole('main')
      .getByText(form.t(UI_CONTENT_KEYS.lookup.notEligible))
      .waitFor();
  });

  it('refuses a VIN with letters a VIN never has before asking the server', async () => {
    const form = await lookUp('en', '1NWVRS2F5JR16208O');
    await expect.poll(() => form.fieldError(K.vin)).toBe(form.t('LocKey_Validation_Vin_Format'));
  });
});
