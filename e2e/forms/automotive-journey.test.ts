import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { findClaim } from '../support/database';
import { FormDriver } from '../support/form-driver';
import {
  DEMO,
  K,
  SAMPLE_FILES,
  addDocument,
  fillContactDetails,
  fillVehicleHistory,
  followInApp,
  shownReferenceCode,
  signAndSubmit,
} from '../support/journeys';

const session = useBrowser();

describe('the Automotive journey', () => {
  it.each([
    ['en', DEMO.automotiveVins[0]],
    ['es', DEMO.automotiveVins[1]],
  ])(
    'files an Automotive claim from the site root to the confirmation in %s',
    async (culture, vin) => {
      const { page } = session;
      const form = new FormDriver(page, await cultureTexts(inject('baseUrl'), culture));
      await page.goto(`/?culture=${culture}`);
      await form.expectPage(K.automotiveLanding);
      await form.type(K.vin, vin);
      await form.advance(K.startClaim, K.claimantInfo);

      await form.type(K.firstName, 'Marisol');
      await form.type(K.lastName, 'Delgado');
      await form.selectValue(K.country, 'US');
      await form.type(K.street1, '1200 Harbor Boulevard');
      await form.type(K.city, 'Oakland');
      await form.selectValue(K.state, 'CA');
      await form.type(K.zip, '94607');
      await fillContactDetails(form, `marisol.${culture}@example.com`);
      await form.advance(K.next, K.claimDetails);

      // The vehicle list prepopulates year, make and model from the VIN.
      await expect(form.field(K.vehicleYear).inputValue()).resolves.toMatch(/^20\d\d$/);
      await fillVehicleHistory(form, false);
      await form.advance(K.next, K.supportingDocuments);

      // The payment-election address exists but the Automotive form has no election (SPEC.md
      // section 2): the page says so and leads on to the supporting documents.
      await followInApp(page, `/automotive/payment-election${new URL(page.url()).search}`);
      await form.expectPage(K.noPaymentElection);
      await page
        .getByRole('main')
        .getByRole('link', { name: form.t(K.continue), exact: true })
        .click();
      await form.expectPage(K.supportingDocuments);

      await addDocument(form, SAMPLE_FILES.title(), 'LocKey_Option_DocProofOfOwnership');
      await form.advance(K.next, K.claimSummary);

      await signAndSubmit(form, 'Marisol Delgado');
      const referenceCode = await shownReferenceCode(form);

      const stored = findClaim(inject('dataDir'), referenceCode);
      expect(stored?.claim.form_type).toBe('Automotive');
      expect(stored?.claim.culture).toBe(culture);
      expect(
        stored?.documents.map((document) => [document.original_name, document.content_type]),
      ).toEqual([['vehicle-title.png', 'image/png']]);
    },
  );
});
