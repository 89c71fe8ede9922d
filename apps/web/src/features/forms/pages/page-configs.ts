import type { DtoMapping, FormType } from '@claims/core/form-types';
import type { BlockConfig } from '../blocks/registry';
import type { NavigationButtonsProps } from '../components/navigation-buttons';
import type { RecordFieldConfig } from '../components/record-fields';
import { FORMS_TEXT } from '../forms-text';
import type { LocalizedText } from '../localized-text';

/**
 * The pages of the demo case's four journeys (cases/demo/case.yaml): for each page, the model
 * it edits (SPEC.md section 2: pages declare formType and dtoMapping), its blocks and its
 * buttons. Field keys and content keys are those of the case definition and its content.
 */
export interface PageConfig {
  title: LocalizedText;
  intro?: readonly LocalizedText[];
  /** The model the page edits; null for pages of lists or of no model. */
  metadata: { formType: FormType; dtoMapping: DtoMapping } | null;
  blocks: readonly BlockConfig[];
  navigation: NavigationButtonsProps;
}

export const PAGE_NAMES = [
  'landing',
  'claimant-info',
  'claim-details',
  'payment-election',
  'supporting-documents',
  'claim-summary',
  'confirmation',
] as const;

const isYes = (property: string) => ({
  conditions: [{ property, comparison: 'IsEqualTo' as const, value: 'Yes' }],
});

const captcha: BlockConfig = { component: 'Captcha', props: {} };

const claimantInfo = (formType: FormType): PageConfig => ({
  title: FORMS_TEXT.claimantInfoTitle,
  intro: [FORMS_TEXT.claimantInfoIntro],
  metadata: { formType, dtoMapping: 'ClaimantInfo' },
  blocks: [
    { component: 'NameInput', props: {} },
    { component: 'AddressInput', props: {} },
    { component: 'Text', props: { field: 'emailAddress', type: 'email', autoComplete: 'email' } },
    {
      component: 'Text',
      props: {
        field: 'confirmEmailAddress',
        type: 'email',
        autoComplete: 'email',
        confirms: {
          field: 'emailAddress',
          message: {
            key: 'LocKey_Validation_EmailMismatch',
            text: 'The email addresses do not match.',
          },
        },
      },
    },
    { component: 'Text', props: { field: 'phoneNumber', type: 'tel', autoComplete: 'tel' } },
    {
      component: 'Text',
      props: {
        field: 'confirmPhoneNumber',
        type: 'tel',
        autoComplete: 'tel',
        confirms: {
          field: 'phoneNumber',
          message: {
            key: 'LocKey_Validation_PhoneMismatch',
            text: 'The phone numbers do not match.',
          },
        },
      },
    },
  ],
  navigation: { back: true, next: 'next' },
});

/** The questions about the vehicle's history both claim forms ask. */
const vehicleHistory: readonly BlockConfig[] = [
  { component: 'Radio', props: { field: 'ownershipType' } },
  { component: 'Date', props: { field: 'acquisitionDate' } },
  { component: 'Radio', props: { field: 'stillOwnVehicle', inline: true } },
  { component: 'Date', props: { field: 'dispositionDate' } },
  {
    component: 'HybridRadioText',
    props: { field: 'vehicleAcquiredFrom', textLabel: FORMS_TEXT.otherText },
  },
];

const symptoms: BlockConfig = {
  component: 'CheckboxGroup',
  props: {
    legend: FORMS_TEXT.symptoms,
    fields: [
      'symptomShudder',
      'symptomSlipping',
      'symptomDelayedEngagement',
      'symptomWarningLight',
      'symptomNone',
    ],
  },
};

const repairs: readonly BlockConfig[] = [
  { component: 'Radio', props: { field: 'hadRepairs' } },
  { component: 'Text', props: { field: 'totalRepairCost', inputMode: 'numeric' } },
  { component: 'Select', props: { field: 'repairFacility' } },
  { component: 'Text', props: { field: 'rentalOrTowingCost', inputMode: 'decimal' } },
];

const claimTransactionColumns: readonly RecordFieldConfig[] = [
  { component: 'Hidden', props: { field: 'claimTransactionId', valueFrom: 'clientId' } },
  { component: 'Date', props: { field: 'repairDate' } },
  { component: 'Text', props: { field: 'repairAmount', inputMode: 'decimal' } },
  { component: 'Text', props: { field: 'repairShopName' } },
  { component: 'Text', props: { field: 'invoiceNumber' } },
  { component: 'Text', props: { field: 'repairOrderNumber' } },
  { component: 'Text', props: { field: 'odometerReading', inputMode: 'decimal' } },
];

const documentFields: readonly RecordFieldConfig[] = [
  { component: 'Select', props: { field: 'documentType' } },
  { component: 'Text', props: { field: 'documentDescription' } },
  { component: 'File', props: { field: 'document' } },
];

const supportingDocuments = (formType: FormType, next: 'next' | 'submit'): PageConfig => ({
  title: FORMS_TEXT.supportingDocumentsTitle,
  intro: [FORMS_TEXT.supportingDocumentsIntro],
  metadata: null,
  blocks: [
    {
      component: 'MultiRecordManager',
      props: {
        model: { dtoMapping: 'DocumentContexts' },
        fields: documentFields,
        heading: FORMS_TEXT.supportingDocumentsTitle,
        required: true,
        fileField: 'document',
        ordering: ['documentType', 'documentDescription', 'document'],
      },
    },
    ...(next === 'submit' ? [captcha] : []),
  ],
  navigation: { back: formType !== 'DocumentsUpload', next },
});

const PAYMENT_FIELDS = ['paymentMethod', 'paymentEmail'];

const claimSummary = (formType: FormType, withPayment: boolean): PageConfig => ({
  title: FORMS_TEXT.claimSummaryTitle,
  intro: [FORMS_TEXT.claimSummaryIntro],
  metadata: { formType, dtoMapping: 'Signature' },
  blocks: [
    {
      component: 'DataSummary',
      props: {
        sections: [
          {
            title: FORMS_TEXT.claimantInfoTitle,
            dtoMapping: 'ClaimantInfo',
            editPage: 'claimant-info',
            exclude: ['confirmEmailAddress', 'confirmPhoneNumber'],
          },
          {
            title: FORMS_TEXT.claimDetailsTitle,
            dtoMapping: 'ClaimDetails',
            editPage: 'claim-details',
            exclude: PAYMENT_FIELDS,
          },
          {
            title: FORMS_TEXT.repairRecordsTitle,
            dtoMapping: 'ClaimTransactions',
            editPage: 'claim-details',
          },
          ...(withPayment
            ? [
                {
                  title: FORMS_TEXT.paymentElectionTitle,
                  dtoMapping: 'ClaimDetails' as const,
                  editPage: 'payment-election',
                  only: PAYMENT_FIELDS,
                },
              ]
            : []),
          {
            title: FORMS_TEXT.supportingDocumentsTitle,
            dtoMapping: 'DocumentContexts',
            editPage: 'supporting-documents',
          },
        ],
      },
    },
    { component: 'Header', props: { text: FORMS_TEXT.signatureTitle, tag: 'h2', styleAs: 'h4' } },
    { component: 'Text', props: { field: 'signatureFullName', autoComplete: 'name' } },
    { component: 'Hidden', props: { field: 'signatureDate', valueFrom: 'signatureDate' } },
    {
      component: 'LabelledValue',
      props: { label: FORMS_TEXT.signatureDate, valueFrom: 'signatureDate' },
    },
    { component: 'Checkbox', props: { field: 'attestation' } },
    captcha,
  ],
  navigation: { back: true, next: 'submit' },
});

const confirmation: PageConfig = {
  title: FORMS_TEXT.confirmationTitle,
  metadata: null,
  blocks: [{ component: 'ReferenceCode', props: {} }],
  navigation: { back: false, next: null },
};

const STANDARD: Readonly<Record<string, PageConfig>> = {
  landing: {
    title: FORMS_TEXT.standardLandingTitle,
    intro: [FORMS_TEXT.standardLandingIntro],
    metadata: { formType: 'Standard', dtoMapping: 'Credentials' },
    blocks: [
      { component: 'Text', props: { field: 'noticeId', autoComplete: 'off' } },
      { component: 'Text', props: { field: 'pin', autoComplete: 'off', inputMode: 'numeric' } },
      captcha,
    ],
    navigation: { next: 'authorize', nextLabel: FORMS_TEXT.startClaim },
  },
  'claimant-info': claimantInfo('Standard'),
  'claim-details': {
    title: FORMS_TEXT.claimDetailsTitle,
    intro: [FORMS_TEXT.claimDetailsIntro],
    metadata: { formType: 'Standard', dtoMapping: 'ClaimDetails' },
    blocks: [
      { component: 'Text', props: { field: 'vin' } },
      ...vehicleHistory,
      symptoms,
      ...repairs,
      {
        component: 'MultiRecordTable',
        visibleWhen: isYes('hadRepairs'),
        props: {
          model: { dtoMapping: 'ClaimTransactions' },
          columns: claimTransactionColumns,
          heading: FORMS_TEXT.repairRecordsTitle,
          intro: FORMS_TEXT.repairRecordsIntro,
          minimumSavedRecords: (values) => (values.hadRepairs === 'Yes' ? 1 : 0),
        },
      },
      { component: 'Textarea', props: { field: 'additionalInformation' } },
      { component: 'Hidden', props: { field: 'claimChannel' } },
    ],
    navigation: { back: true, next: 'next' },
  },
  'payment-election': {
    title: FORMS_TEXT.paymentElectionTitle,
    intro: [FORMS_TEXT.paymentElectionIntro],
    metadata: { formType: 'Standard', dtoMapping: 'ClaimDetails' },
    blocks: [
      { component: 'Radio', props: { field: 'paymentMethod', requirePayPal: ['PayPal'] } },
      { component: 'Text', props: { field: 'paymentEmail', type: 'email', autoComplete: 'email' } },
      {
        component: 'PayPalVerification',
        visibleWhen: {
          conditions: [{ property: 'paymentMethod', comparison: 'IsEqualTo', value: 'PayPal' }],
        },
        props: {},
      },
    ],
    navigation: { back: true, next: 'next' },
  },
  'supporting-documents': supportingDocuments('Standard', 'next'),
  'claim-summary': claimSummary('Standard', true),
  confirmation,
};

const AUTOMOTIVE: Readonly<Record<string, PageConfig>> = {
  landing: {
    title: FORMS_TEXT.automotiveLandingTitle,
    intro: [FORMS_TEXT.automotiveLandingIntro],
    metadata: { formType: 'Automotive', dtoMapping: 'Credentials' },
    blocks: [{ component: 'Text', props: { field: 'vin', autoComplete: 'off' } }, captcha],
    navigation: { next: 'authorize', nextLabel: FORMS_TEXT.startClaim },
  },
  'claimant-info': claimantInfo('Automotive'),
  'claim-details': {
    title: FORMS_TEXT.claimDetailsTitle,
    intro: [FORMS_TEXT.claimDetailsIntro],
    metadata: { formType: 'Automotive', dtoMapping: 'ClaimDetails' },
    blocks: [
      { component: 'Text', props: { field: 'vehicleYear', inputMode: 'numeric' } },
      { component: 'Text', props: { field: 'vehicleMake' } },
      { component: 'Text', props: { field: 'vehicleModel' } },
      ...vehicleHistory,
      { component: 'Text', props: { field: 'currentMileage', inputMode: 'numeric' } },
      symptoms,
      ...repairs,
      { component: 'Textarea', props: { field: 'additionalInformation' } },
      { component: 'Hidden', props: { field: 'claimChannel' } },
    ],
    navigation: { back: true, next: 'next' },
  },
  'supporting-documents': supportingDocuments('Automotive', 'next'),
  'claim-summary': claimSummary('Automotive', false),
  confirmation,
};

const DOCUMENTS_UPLOAD: Readonly<Record<string, PageConfig>> = {
  landing: {
    title: FORMS_TEXT.documentsUploadLandingTitle,
    intro: [FORMS_TEXT.documentsUploadLandingIntro],
    metadata: { formType: 'DocumentsUpload', dtoMapping: 'Credentials' },
    blocks: [
      { component: 'Text', props: { field: 'referenceCode', autoComplete: 'off' } },
      { component: 'Text', props: { field: 'lastName', autoComplete: 'family-name' } },
      {
        component: 'Text',
        props: { field: 'mailingPostalCode', autoComplete: 'postal-code', inputMode: 'numeric' },
      },
      captcha,
    ],
    navigation: { next: 'authorize', nextLabel: FORMS_TEXT.continue },
  },
  'supporting-documents': supportingDocuments('DocumentsUpload', 'submit'),
  confirmation,
};

/**
 * A page a form has a route for but not a place in its order: it says why and sends the
 * claimant on to the page that comes next, instead of showing an error.
 */
export interface PageOutsideOrder {
  title: LocalizedText;
  copy: LocalizedText;
  /** The page the claimant continues to, by its route's last path segment. */
  continueTo: string;
}

/** SPEC.md section 2: Automotive has a payment-election route but no payment election. */
const PAGES_OUTSIDE_ORDER: Partial<Record<FormType, Readonly<Record<string, PageOutsideOrder>>>> = {
  Automotive: {
    'payment-election': {
      title: FORMS_TEXT.noPaymentElectionTitle,
      copy: FORMS_TEXT.noPaymentElectionCopy,
      continueTo: 'supporting-documents',
    },
  },
};

export function pageOutsideOrder(formType: FormType, page: string): PageOutsideOrder | undefined {
  const pages = PAGES_OUTSIDE_ORDER[formType];
  return pages !== undefined && Object.hasOwn(pages, page) ? pages[page] : undefined;
}

/** Lookup has one page of its own (LookupPage). */
export const PAGE_CONFIGS: Readonly<
  Record<Exclude<FormType, 'Lookup'>, Readonly<Record<string, PageConfig>>>
> = {
  Standard: STANDARD,
  Automotive: AUTOMOTIVE,
  DocumentsUpload: DOCUMENTS_UPLOAD,
};

export function pageConfigFor(formType: FormType, page: string): PageConfig {
  if (formType === 'Lookup') throw new Error('the Lookup form has one page of its own: LookupPage');
  const pages = PAGE_CONFIGS[formType];
  const config = Object.hasOwn(pages, page) ? pages[page] : undefined;
  if (!config) {
    throw new Error(
      `the ${formType} form has no page "${page}"; expected one of ${Object.keys(pages).join(', ')}`,
    );
  }
  return config;
}
