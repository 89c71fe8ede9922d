import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { launchChromium } from './browser';
import { cultureTexts } from './content';
import { FormDriver } from './form-driver';
import { pdfFile, pngFile, type UploadFile } from './files';

/** Demo credentials (cases/demo/README.md). */
export const DEMO = {
  standard: {
    noticeId: 'NW95223947',
    pin: '900513',
    fullName: 'James T Williams',
    lastName: 'Williams',
    zip: '90012',
    vin: '1NWVRS2F5JR162080',
  },
  standardSecond: {
    noticeId: 'NW42765748',
    pin: '735827',
    fullName: 'Donna Tran',
    lastName: 'Tran',
    zip: '95814',
    vin: '1NWASX2F7MR628693',
  },
  automotiveVins: ['1NWVRS2F9LG113561', '1NWASB5F9LR861827', '5NWSML3F4LG405133'],
  eligibleVin: '1NWVRS2F5JR162080',
  ineligibleVin: '5NWSMW3FXNG312363',
} as const;

export const K = {
  noticeId: 'LocKey_Field_NoticeId',
  pin: 'LocKey_Field_Pin',
  vin: 'LocKey_Field_Vin',
  email: 'LocKey_Field_EmailAddress',
  confirmEmail: 'LocKey_Field_ConfirmEmailAddress',
  phone: 'LocKey_Field_PhoneNumber',
  confirmPhone: 'LocKey_Field_ConfirmPhoneNumber',
  firstName: 'LocKey_Field_FirstName',
  lastName: 'LocKey_Field_LastName',
  country: 'LocKey_Field_MailingCountry',
  street1: 'LocKey_Field_MailingStreetLine1',
  city: 'LocKey_Field_MailingCity',
  state: 'LocKey_Field_MailingSubDivision',
  zip: 'LocKey_Field_MailingPostalCode',
  ownership: 'LocKey_Field_OwnershipType',
  acquisitionDate: 'LocKey_Field_AcquisitionDate',
  stillOwn: 'LocKey_Field_StillOwnVehicle',
  dispositionDate: 'LocKey_Field_DispositionDate',
  acquiredFrom: 'LocKey_Field_VehicleAcquiredFrom',
  hadRepairs: 'LocKey_Field_HadRepairs',
  totalRepairCost: 'LocKey_Field_TotalRepairCost',
  repairFacility: 'LocKey_Field_RepairFacility',
  rentalCost: 'LocKey_Field_RentalOrTowingCost',
  repairDate: 'LocKey_Field_RepairDate',
  repairAmount: 'LocKey_Field_RepairAmount',
  repairShop: 'LocKey_Field_RepairShopName',
  invoiceNumber: 'LocKey_Field_InvoiceNumber',
  vehicleYear: 'LocKey_Field_VehicleYear',
  vehicleMake: 'LocKey_Field_VehicleMake',
  vehicleModel: 'LocKey_Field_VehicleModel',
  paymentMethod: 'LocKey_Field_PaymentMethod',
  documentType: 'LocKey_Field_DocumentType',
  documentDescription: 'LocKey_Field_DocumentDescription',
  document: 'LocKey_Field_Document',
  signature: 'LocKey_Field_SignatureFullName',
  attestation: 'LocKey_Field_Attestation',
  referenceCode: 'LocKey_Field_ReferenceCode',
  symptomShudder: 'LocKey_Field_SymptomShudder',
  symptomNone: 'LocKey_Field_SymptomNone',
  next: 'LocKey_Button_Next',
  back: 'LocKey_Button_Back',
  submit: 'LocKey_Button_Submit',
  startClaim: 'LocKey_Button_StartClaim',
  continue: 'LocKey_Button_Continue',
  upload: 'LocKey_Button_Upload',
  addMore: 'LocKey_Button_AddMore',
  cancel: 'LocKey_Button_Cancel',
  delete: 'LocKey_Button_Delete',
  lookup: 'LocKey_Button_Lookup',
  standardLanding: 'LocKey_Standard_Landing_Title',
  automotiveLanding: 'LocKey_Automotive_Landing_Title',
  documentsUploadLanding: 'LocKey_DocumentsUpload_Landing_Title',
  lookupTitle: 'LocKey_Lookup_Title',
  claimantInfo: 'LocKey_Page_ClaimantInfo_Title',
  claimDetails: 'LocKey_Page_ClaimDetails_Title',
  paymentElection: 'LocKey_Page_PaymentElection_Title',
  supportingDocuments: 'LocKey_Page_SupportingDocuments_Title',
  noPaymentElection: 'LocKey_Page_NoPaymentElection_Title',
  claimSummary: 'LocKey_Page_ClaimSummary_Title',
  confirmation: 'LocKey_Page_Confirmation_Title',
  addRow: 'LocKey_Forms_AddRow',
} as const;

/** Goes to a path inside the running app, as its back and forward buttons do (no reload). */
export async function followInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export async function authorizeStandard(
  form: FormDriver,
  noticeId: string,
  pin: string,
): Promise<void> {
  await form.type(K.noticeId, noticeId);
  await form.type(K.pin, pin);
  await form.advance(K.startClaim, K.claimantInfo);
}

/** Opens the Automotive form at the site root and starts a claim for the VIN: claimant-info. */
export async function startAutomotiveClaim(form: FormDriver, vin: string): Promise<void> {
  await form.page.goto(`/?culture=${form.texts.culture}`);
  await form.expectPage(K.automotiveLanding);
  await form.type(K.vin, vin);
  await form.advance(K.startClaim, K.claimantInfo);
}

/** Opens the DocumentsUpload form for a filed claim, identified by the claimant's last name. */
export async function openDocumentsUpload(
  form: FormDriver,
  referenceCode: string,
  lastName: string,
): Promise<void> {
  await form.page.goto(`/documents-upload?culture=${form.texts.culture}`);
  await form.expectPage(K.documentsUploadLanding);
  await form.type(K.referenceCode, referenceCode);
  await form.type(K.lastName, lastName);
  await form.advance(K.continue, K.supportingDocuments);
}

/** Confirms the contact details; the name and address come prepopulated from the class list. */
export async function fillContactDetails(form: FormDriver, email: string): Promise<void> {
  await form.type(K.email, email);
  await form.type(K.confirmEmail, email);
  await form.type(K.phone, '2135550147');
  await form.type(K.confirmPhone, '2135550147');
}

/** The vehicle history questions both claim forms ask. */
export async function fillVehicleHistory(form: FormDriver, withRepairs: boolean): Promise<void> {
  await form.choose(K.ownership, 'LocKey_Option_Owned');
  await form.type(K.acquisitionDate, '03/15/2019');
  await form.choose(K.stillOwn, 'LocKey_Option_Yes');
  await form.choose(K.acquiredFrom, 'LocKey_Option_AcquiredFromNorthwindDealer');
  await form.check(K.symptomShudder);
  await form.choose(K.hadRepairs, withRepairs ? 'LocKey_Option_Yes' : 'LocKey_Option_No');
  if (withRepairs) {
    await form.type(K.totalRepairCost, '1200');
    await form.select(K.repairFacility, 'LocKey_Option_NorthwindDealer');
  }
}

/** The row of the repair records table at `index` (0-based). */
export function repairRow(form: FormDriver, index: number): Locator {
  return form.page.getByRole('main').locator('tbody tr').nth(index);
}

export async function fillRepairRow(form: FormDriver, row: Locator): Promise<void> {
  const inRow = (key: string) =>
    row.getByLabel(
      new RegExp(`^\\s*${form.t(key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?\\s*$`),
    );
  for (const [key, value] of [
    [K.repairDate, '05/20/2022'],
    [K.repairAmount, '1200.00'],
    [K.repairShop, 'Northwind of Pasadena'],
    [K.invoiceNumber, 'INV-20417'],
  ] as const) {
    const input = inRow(key);
    await input.click();
    await input.pressSequentially(value);
    await input.blur();
  }
}

/** Adds one document in the multi-record manager: type, file, Upload. */
export async function addDocument(
  form: FormDriver,
  file: UploadFile,
  typeKey = 'LocKey_Option_DocRepairInvoice',
): Promise<void> {
  await form.select(K.documentType, typeKey);
  await form.attach(K.document, file);
  await form.button(K.upload).click();
}

export async function signAndSubmit(form: FormDriver, fullName: string): Promise<void> {
  await form.type(K.signature, fullName);
  await form.check(K.attestation);
  await form.advance(K.submit, K.confirmation);
}

/** The reference code the confirmation page shows. */
export async function shownReferenceCode(form: FormDriver): Promise<string> {
  const text = await form.page.getByRole('main').innerText();
  const match = /\b[A-HJKMNP-Z2-9]{3}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}\b/.exec(text);
  if (!match) throw new Error(`the confirmation page shows no reference code:\n${text}`);
  return match[0];
}

export interface StandardMember {
  noticeId: string;
  pin: string;
  fullName: string;
  vin: string;
}

/**
 * Files a Standard claim with one document, from the landing page to the confirmation, and
 * returns its reference code. Pages: landing, claimant-info, claim-details, payment-election,
 * supporting-documents, claim-summary, confirmation.
 */
export async function fileStandardClaim(form: FormDriver, member: StandardMember): Promise<string> {
  await form.page.goto(`/standard?culture=${form.texts.culture}`);
  await form.expectPage(K.standardLanding);
  await authorizeStandard(form, member.noticeId, member.pin);
  await fillContactDetails(form, `claimant.${form.texts.culture}@example.com`);
  await form.advance(K.next, K.claimDetails);
  await form.type(K.vin, member.vin);
  await fillVehicleHistory(form, false);
  return finishStandardClaim(form, member.fullName);
}

/**
 * Files a Standard claim from its filled claim-details page: payment by check, one document,
 * signed in `fullName`; returns the reference code the confirmation shows.
 */
export async function finishStandardClaim(form: FormDriver, fullName: string): Promise<string> {
  await form.advance(K.next, K.paymentElection);
  await form.choose(K.paymentMethod, 'LocKey_Option_PaymentCheck');
  await form.advance(K.next, K.supportingDocuments);
  await addDocument(form, SAMPLE_FILES.invoice());
  await form.advance(K.next, K.claimSummary);
  await signAndSubmit(form, fullName);
  return shownReferenceCode(form);
}

/** Files a Standard claim of `member` in a browser of its own, in English; answers its code. */
export async function fileStandardClaimAside(member: StandardMember): Promise<string> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ baseURL: inject('baseUrl') });
    return await fileStandardClaim(
      new FormDriver(page, await cultureTexts(inject('baseUrl'), 'en')),
      member,
    );
  } finally {
    await browser.close();
  }
}

export const SAMPLE_FILES = {
  invoice: () => pdfFile('repair-invoice.pdf', 'Repair invoice 20417'),
  title: () => pngFile('vehicle-title.png', 3, 2),
};
