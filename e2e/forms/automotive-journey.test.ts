import { describe, expect, inject, it } from 'vitest';
import { useBrowser } from '../support/browser';
import { cultureTexts } from '../support/content';
import { findClaim } from '../support/database';
import { expectStoredDocuments, modelsOf } from '../support/stored-claims';
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
      const vehicle = {
        vehicleYear: await form.field(K.vehicleYear).inputValue(),
        vehicleMake: await form.field(K.vehicleMake).inputValue(),
        vehicleModel: await form.field(K.vehicleModel).inputValue(),
      };
      expect(vehicle.vehicleYear).toMatch(/^20\d\d$/);
      await fillVehicleHistory(form, false);
      await form.advance(K.next, K.supportingDocuments);

      // The payment-election address exists but the Automotive form has no election
      // (docs/behaviour.md#navigation): the page says so and leads on to the supporting documents.
      await followInApp(page, `/automotive/payment-election${new URL(page.url()).search}`);
      await form.expectPage(K.noPaymentElection);
      await page
        .getByRole('main')
        .getByRole('link', { name: form.t(K.continue), exact: true })
        .click();
      await form.expectPage(K.supportingDocuments);

      const title = SAMPLE_FILES.title();
      await addDocument(form, title, 'LocKey_Option_DocProofOfOwnership');
      await form.advance(K.next, K.claimSummary);

      await signAndSubmit(form, 'Marisol Delgado');
      const referenceCode = await shownReferenceCode(form);

      const stored = findClaim(inject('dataDir'), referenceCode);
      expect(stored?.claim.form_type).toBe('Automotive');
      expect(stored?.claim.culture).toBe(culture);
      const models = modelsOf(stored);
      expect(models.claimantInfo?.fields).toMatchObject({
        firstName: 'Marisol',
        lastName: 'Delgado',
        mailingCountry: 'US',
        mailingStreetLine1: '1200 Harbor Boulevard',
        mailingCity: 'Oakland',
        mailingSubDivision: 'CA',
        mailingPostalCode: '94607',
        emailAddress: `marisol.${culture}@example.com`,
        phoneNumber: '(213) 555-0147',
      });
      expect(models.claimDetails?.fields).toMatchObject({
        ...vehicle,
        ownershipType: 'Owned',
        acquisitionDate: '03/15/2019',
        stillOwnVehicle: 'Yes',
        vehicleAcquiredFrom: 'NorthwindDealer',
        symptomShudder: true,
        hadRepairs: 'No',
      });
      expect(models.claimTransactions).toEqual([]);
      expect(models.signature?.fields).toMatchObject({
        signatureFullName: 'Marisol Delgado',
        attestation: true,
      });
      expectStoredDocuments(inject('dataDir'), stored, [title]);
    },
  );
});
