import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { DtoMapping, FormType, SubmittableFormType } from '@claims/core/form-types';
import { createClientId } from '@claims/core/ids/client-id';

/**
 * Claims of the demo case as the browser builds them, for the tests and the scripted demo
 * session: valid models of each part, which a test then spoils one field at a time.
 */

/** A fresh client id: a prefix and 8 random characters, as the browser makes them. */
export function newClientId(prefix = 'm'): string {
  return createClientId(`${prefix}-`);
}

/** A form model for the config of (formType, dtoMapping), as the browser sends it. */
export function modelFor(
  configs: readonly RemoteModelConfig[],
  formType: FormType,
  dtoMapping: DtoMapping,
  fields: Record<string, unknown>,
  clientId = newClientId(dtoMapping.slice(0, 3).toLowerCase()),
) {
  const config = configs.find(
    (entry) => entry.metadata.formType === formType && entry.metadata.dtoMapping === dtoMapping,
  );
  if (config === undefined) throw new Error(`the case has no ${formType} ${dtoMapping} model`);
  return {
    id: null,
    clientId,
    metadata: config.metadata,
    metadataHash: config.metadataHash,
    fields,
    status: 'saved',
  };
}

/** What goes into a document context: the document's declared name, size and type. */
export interface DocumentSpec {
  clientId?: string;
  name: string;
  bytes: Uint8Array;
  type: string;
  documentType?: string;
}

export interface ClaimParts {
  reCaptchaResponse: string;
  captchaRawValue?: string | null;
  userPreferredCulture?: string;
  claimantInfo?: Record<string, unknown>;
  claimDetails?: Record<string, unknown>;
  signature?: Record<string, unknown>;
  claimTransactions?: Record<string, unknown>[];
  documents?: DocumentSpec[];
}

/** A complete, valid ClaimantInfo of the demo case, in the US. */
export function validClaimantInfo(): Record<string, unknown> {
  return {
    firstName: 'Ana María',
    middleInitial: 'J',
    lastName: "O'Neil-Núñez",
    mailingCountry: 'US',
    mailingStreetLine1: '454 Lakeview Court',
    mailingStreetLine2: 'Apt. 2',
    mailingCity: 'Portland',
    mailingSubDivision: 'OR',
    mailingPostalCode: '97208-4417',
    mailingSubDivisionNonUS: null,
    mailingPostalCodeNonUS: null,
    emailAddress: 'ana.oneil@example.com',
    confirmEmailAddress: 'ana.oneil@example.com',
    phoneNumber: '(503) 555-0147',
    confirmPhoneNumber: '(503) 555-0147',
  };
}

/** A complete, valid Standard ClaimDetails of the demo case. */
export function validStandardClaimDetails(vin: string): Record<string, unknown> {
  return {
    vin,
    ownershipType: 'Owned',
    acquisitionDate: '03/15/2020',
    stillOwnVehicle: 'Yes',
    dispositionDate: null,
    vehicleAcquiredFrom: 'NorthwindDealer',
    symptomShudder: true,
    symptomSlipping: false,
    symptomDelayedEngagement: false,
    symptomWarningLight: false,
    symptomNone: false,
    hadRepairs: 'Yes',
    totalRepairCost: '1,250',
    repairFacility: 'NorthwindDealer',
    rentalOrTowingCost: '75.00',
    additionalInformation: 'The transmission shudders between second and third gear.',
    paymentMethod: 'Check',
    paymentEmail: null,
    claimChannel: 'Online',
  };
}

export function validClaimTransaction(): Record<string, unknown> {
  return {
    claimTransactionId: 'tx-1',
    repairDate: '06/01/2021',
    repairAmount: '1,250.00',
    repairShopName: 'Northwind of Portland',
    invoiceNumber: 'INV-2021-0601',
    repairOrderNumber: null,
    odometerReading: '48210',
  };
}

export function validSignature(): Record<string, unknown> {
  return {
    signatureFullName: "Ana María O'Neil-Núñez",
    signatureDate: '2026-11-22',
    attestation: true,
  };
}

/**
 * The text parts of a submission in the order the browser sends them (contract/submission.ts),
 * with one document context per document.
 */
export function claimTextParts(
  configs: readonly RemoteModelConfig[],
  formType: SubmittableFormType,
  parts: ClaimParts,
): { textParts: Record<string, string>; contextClientIds: string[] } {
  const model = (dtoMapping: Parameters<typeof modelFor>[2], fields: Record<string, unknown>) =>
    modelFor(configs, formType, dtoMapping, fields);
  const contexts = (parts.documents ?? []).map((document) =>
    modelFor(
      configs,
      formType,
      'DocumentContexts',
      {
        documentType: document.documentType ?? 'RepairInvoice',
        documentDescription: null,
        document: { name: document.name, size: document.bytes.byteLength, type: document.type },
      },
      document.clientId ?? newClientId('doc'),
    ),
  );
  const textParts: Record<string, string> = {
    reCaptchaResponse: parts.reCaptchaResponse,
    userPreferredCulture: parts.userPreferredCulture ?? 'en',
    captchaRawValue: parts.captchaRawValue ?? '',
    credentials: 'null',
    claimantInfo: JSON.stringify(
      parts.claimantInfo === undefined ? null : model('ClaimantInfo', parts.claimantInfo),
    ),
    claimDetails: JSON.stringify(
      parts.claimDetails === undefined ? null : model('ClaimDetails', parts.claimDetails),
    ),
    signature: JSON.stringify(
      parts.signature === undefined ? null : model('Signature', parts.signature),
    ),
    prepopulatedData: '[]',
    documentContexts: JSON.stringify(contexts),
    claimTransactions: JSON.stringify(
      (parts.claimTransactions ?? []).map((fields) => model('ClaimTransactions', fields)),
    ),
  };
  if (formType === 'DocumentsUpload') {
    textParts.claimantInfo = 'null';
    textParts.claimDetails = 'null';
    textParts.signature = 'null';
    textParts.claimTransactions = '[]';
  }
  return { textParts, contextClientIds: contexts.map((context) => context.clientId) };
}
