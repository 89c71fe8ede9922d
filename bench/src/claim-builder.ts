import type { RemoteModelConfig } from '@claims/core/case/field-config';
import type { ScalarValue } from '@claims/core/contract/api';
import type { FieldValue, FormModel, SubmissionPayload } from '@claims/core/contract/submission';
import type { DtoMapping, FormType } from '@claims/core/form-types';
import { createClientId } from '@claims/core/ids/client-id';
import { camelCaseKeys, toCamelCase } from '@claims/core/text/camel-case';
import type { UploadFile } from './multipart-body';
import { buildSamplePdf } from './sample-pdf';

export interface ClaimDocument extends UploadFile {
  fileName: string;
  documentType: string;
}

/** A repair invoice of about `bytes` as a PDF, the document a Standard claim sends as proof. */
export function repairInvoice(bytes: number): ClaimDocument {
  return {
    bytes: buildSamplePdf('Repair invoice', bytes, 1),
    type: 'application/pdf',
    fileName: 'repair-invoice.pdf',
    documentType: 'RepairInvoice',
  };
}

export interface StandardClaimInput {
  /** GET /api/forms/config. */
  configs: readonly RemoteModelConfig[];
  /** The authorize answer's prepopulatedData (capitalised keys). */
  prepopulatedData: Readonly<Record<string, ScalarValue>>;
  credentials: Readonly<Record<string, ScalarValue>>;
  /** A freshly solved captcha (the widget runs again before the submit). */
  captchaToken: string;
  /** The authorize answer's captcha value (docs/behaviour.md#captcha). */
  captchaPass: string | null;
  /** GET /api/signature-date's date (yyyy-MM-dd). */
  signatureDate: string;
  documents: readonly ClaimDocument[];
  culture?: string;
}

/** What a claimant of the demo case types on the claim-details page. */
const CLAIM_DETAILS: Readonly<Record<string, FieldValue>> = {
  ownershipType: 'Owned',
  acquisitionDate: '03/14/2019',
  stillOwnVehicle: 'Yes',
  vehicleAcquiredFrom: 'NorthwindDealer',
  symptomShudder: true,
  symptomSlipping: true,
  symptomDelayedEngagement: false,
  symptomWarningLight: false,
  symptomNone: false,
  hadRepairs: 'Yes',
  totalRepairCost: '2,310',
  repairFacility: 'NorthwindDealer',
  rentalOrTowingCost: '185.00',
  additionalInformation:
    'The transmission shuddered between 25 and 40 mph and slipped out of gear on the highway. The dealer replaced the torque converter in 2021 and the valve body in 2022.',
  paymentMethod: 'Check',
  claimChannel: 'Online',
};

const TRANSACTIONS: readonly Readonly<Record<string, FieldValue>>[] = [
  {
    repairDate: '08/02/2021',
    repairAmount: '1,465.00',
    repairShopName: 'Northwind of Portland',
    invoiceNumber: 'INV-20817',
    odometerReading: '48213',
  },
  {
    repairDate: '05/19/2022',
    repairAmount: '845.00',
    repairShopName: 'Northwind of Portland',
    repairOrderNumber: 'RO-77120',
    odometerReading: '61907',
  },
];

function configFor(
  configs: readonly RemoteModelConfig[],
  formType: FormType,
  dtoMapping: DtoMapping,
): RemoteModelConfig {
  const config = configs.find(
    (candidate) =>
      candidate.metadata.formType === formType && candidate.metadata.dtoMapping === dtoMapping,
  );
  if (config === undefined) {
    throw new Error(`GET /api/forms/config has no ${formType} ${dtoMapping} model config`);
  }
  return config;
}

/**
 * A saved model of the config, as the browser builds it (apps/web form-model.ts): every
 * field of the config, null unless given; values for fields the config lacks are dropped.
 */
function model(config: RemoteModelConfig, values: Readonly<Record<string, FieldValue>>): FormModel {
  const fields: Record<string, FieldValue> = {};
  for (const field of Object.values(config.fields)) {
    const key = toCamelCase(field.key);
    const value = values[key];
    // docs/behaviour.md#models: an empty string is stored as null.
    fields[key] = value === undefined || value === '' ? null : value;
  }
  return {
    id: null,
    clientId: createClientId(`${String(config.metadata.dtoMapping)}-`),
    metadata: camelCaseKeys(config.metadata) as FormModel['metadata'],
    metadataHash: config.metadataHash,
    fields,
    status: 'saved',
  };
}

/** The claimant-info values the browser prefills from the authorize answer (field prepopulatedDataKey). */
function prefilled(config: RemoteModelConfig, prepopulated: Readonly<Record<string, ScalarValue>>) {
  const byCamelKey = new Map(
    Object.entries(prepopulated).map(([key, value]) => [toCamelCase(key), value]),
  );
  const values: Record<string, FieldValue> = {};
  for (const field of Object.values(config.fields)) {
    if (field.prepopulatedDataKey === undefined) continue;
    const value = byCamelKey.get(toCamelCase(field.prepopulatedDataKey));
    if (value !== undefined && value !== null && value !== '')
      values[toCamelCase(field.key)] = value;
  }
  return values;
}

/**
 * A complete Standard claim of the demo case: claimant info prefilled from the class list
 * (with what the claimant adds: an e-mail address when the list has none, the confirmations),
 * claim details with two repairs, one document context per document, and the signature.
 */
export function buildStandardClaim(input: StandardClaimInput): SubmissionPayload<ClaimDocument> {
  const { configs } = input;
  const claimantConfig = configFor(configs, 'Standard', 'ClaimantInfo');
  const claimant = prefilled(claimantConfig, input.prepopulatedData);
  const noticeId = String(input.credentials.noticeId ?? 'claimant').toLowerCase();
  claimant.mailingCountry ??= 'US';
  claimant.emailAddress ??= `${noticeId}@example.org`;
  claimant.confirmEmailAddress = claimant.emailAddress;
  if (claimant.phoneNumber !== undefined) claimant.confirmPhoneNumber = claimant.phoneNumber;

  const detailsConfig = configFor(configs, 'Standard', 'ClaimDetails');
  const details = { ...prefilled(detailsConfig, input.prepopulatedData), ...CLAIM_DETAILS };

  const transactionConfig = configFor(configs, 'Standard', 'ClaimTransactions');
  const transactions = TRANSACTIONS.map((values, index) =>
    model(transactionConfig, { ...values, claimTransactionId: `T${index + 1}` }),
  );

  const contextConfig = configFor(configs, 'Standard', 'DocumentContexts');
  const contexts = input.documents.map((document) =>
    model(contextConfig, {
      documentType: document.documentType,
      document: { name: document.fileName, size: document.bytes.length, type: document.type },
    }),
  );

  const fullName = [claimant.firstName, claimant.lastName]
    .filter((part) => part !== undefined)
    .join(' ');
  return {
    reCaptchaResponse: input.captchaToken,
    userPreferredCulture: input.culture ?? 'en',
    captchaRawValue: input.captchaPass,
    credentials: model(
      configFor(configs, 'Standard', 'Credentials'),
      input.credentials as Record<string, FieldValue>,
    ),
    claimantInfo: model(claimantConfig, claimant),
    claimDetails: model(detailsConfig, details),
    signature: model(configFor(configs, 'Standard', 'Signature'), {
      signatureFullName: fullName === '' ? 'Claimant' : fullName,
      signatureDate: input.signatureDate,
      attestation: true,
    }),
    prepopulatedData: [],
    documentContexts: contexts,
    claimTransactions: transactions,
    documents: input.documents.map((document, index) => ({
      contextClientId: (contexts[index] as FormModel).clientId,
      file: document,
    })),
  };
}
