import {
  ACCOUNT_NUMBER_CONFIRMATION_FIELD,
  ACCOUNT_NUMBER_FIELD,
  ACCOUNT_TYPE_FIELD,
  PAYMENT_EMAIL_FIELD,
  PAYMENT_FIELDS,
  PAYMENT_METHOD_FIELD,
  ROUTING_NUMBER_FIELD,
  VENMO_CONTACT_FIELD,
} from '../contract/payment-election';
import type { DtoMapping, FormType } from '../form-types';
import { CLAIM_FORM_PAGES } from '../routes';
import type { BlockVisibility, JourneyBlock, LocalizedText, RecordField } from './journey-blocks';
import { JOURNEY_TEXT } from './journey-text';

/**
 * The pages of the demo case's journeys (cases/demo/case.yaml): for each page, the model it
 * edits (docs/behaviour.md#forms-config: pages declare formType and dtoMapping), its blocks and its
 * buttons. Field keys and content keys are those of the case definition and its content.
 */

/** A form page by its route's last path segment, the landing page named 'landing'. */
export type FormPageName = 'landing' | Exclude<(typeof CLAIM_FORM_PAGES)[number], ''>;

/** The pages of the claim forms in route order (routes.ts lists them). */
export const FORM_PAGE_NAMES: readonly FormPageName[] = CLAIM_FORM_PAGES.map((page) =>
  page === '' ? 'landing' : page,
);

/** What the page's next button does. */
export type NextAction = 'next' | 'authorize' | 'submit';

export interface JourneyNavigation {
  back?: boolean;
  next?: NextAction | null;
  nextLabel?: LocalizedText;
}

export interface JourneyPage {
  title: LocalizedText;
  intro?: readonly LocalizedText[];
  /**
   * The copy shown instead of `intro` when the case enables the PayPal payment election, so
   * that only then does the copy name PayPal (docs/behaviour.md#payment-election).
   */
  introWithPayPal?: readonly LocalizedText[];
  /** The model the page edits; null for pages of lists or of no model. */
  metadata: { formType: FormType; dtoMapping: DtoMapping } | null;
  blocks: readonly JourneyBlock[];
  navigation: JourneyNavigation;
}

/** The forms that have journeys; Lookup has one page of its own. */
export type JourneyFormType = Exclude<FormType, 'Lookup'>;

/** A form's pages in the order the claimant meets them. */
export type Journey = { readonly [P in FormPageName]?: JourneyPage };

const isYes = (property: string): BlockVisibility => ({
  conditions: [{ property, comparison: 'IsEqualTo', value: 'Yes' }],
});

const captcha: JourneyBlock = { component: 'Captcha', props: {} };

const claimantInfo = (formType: FormType): JourneyPage => ({
  title: JOURNEY_TEXT.claimantInfoTitle,
  intro: [JOURNEY_TEXT.claimantInfoIntro],
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
const vehicleHistory: readonly JourneyBlock[] = [
  { component: 'Radio', props: { field: 'ownershipType' } },
  { component: 'Date', props: { field: 'acquisitionDate' } },
  { component: 'Radio', props: { field: 'stillOwnVehicle', inline: true } },
  { component: 'Date', props: { field: 'dispositionDate' } },
  {
    component: 'HybridRadioText',
    props: { field: 'vehicleAcquiredFrom', textLabel: JOURNEY_TEXT.otherText },
  },
];

const symptoms: JourneyBlock = {
  component: 'CheckboxGroup',
  props: {
    legend: JOURNEY_TEXT.symptoms,
    fields: [
      'symptomShudder',
      'symptomSlipping',
      'symptomDelayedEngagement',
      'symptomWarningLight',
      'symptomNone',
    ],
  },
};

const repairs: readonly JourneyBlock[] = [
  { component: 'Radio', props: { field: 'hadRepairs' } },
  { component: 'Text', props: { field: 'totalRepairCost', inputMode: 'numeric' } },
  { component: 'Select', props: { field: 'repairFacility' } },
  { component: 'Text', props: { field: 'rentalOrTowingCost', inputMode: 'decimal' } },
];

const claimTransactionColumns: readonly RecordField[] = [
  { component: 'Hidden', props: { field: 'claimTransactionId', valueFrom: 'clientId' } },
  { component: 'Date', props: { field: 'repairDate' } },
  { component: 'Text', props: { field: 'repairAmount', inputMode: 'decimal' } },
  { component: 'Text', props: { field: 'repairShopName' } },
  { component: 'Text', props: { field: 'invoiceNumber' } },
  { component: 'Text', props: { field: 'repairOrderNumber' } },
  { component: 'Text', props: { field: 'odometerReading', inputMode: 'decimal' } },
];

const documentFields: readonly RecordField[] = [
  { component: 'Select', props: { field: 'documentType' } },
  { component: 'Text', props: { field: 'documentDescription' } },
  { component: 'File', props: { field: 'document' } },
];

const supportingDocuments = (formType: FormType, next: 'next' | 'submit'): JourneyPage => ({
  title: JOURNEY_TEXT.supportingDocumentsTitle,
  intro: [JOURNEY_TEXT.supportingDocumentsIntro],
  metadata: null,
  blocks: [
    {
      component: 'MultiRecordManager',
      props: {
        model: { dtoMapping: 'DocumentContexts' },
        fields: documentFields,
        heading: JOURNEY_TEXT.supportingDocumentsTitle,
        required: true,
        fileField: 'document',
        ordering: ['documentType', 'documentDescription', 'document'],
      },
    },
    ...(next === 'submit' ? [captcha] : []),
  ],
  navigation: { back: formType !== 'DocumentsUpload', next },
});

const claimSummary = (formType: FormType, withPayment: boolean): JourneyPage => ({
  title: JOURNEY_TEXT.claimSummaryTitle,
  intro: [JOURNEY_TEXT.claimSummaryIntro],
  metadata: { formType, dtoMapping: 'Signature' },
  blocks: [
    {
      component: 'DataSummary',
      props: {
        sections: [
          {
            title: JOURNEY_TEXT.claimantInfoTitle,
            dtoMapping: 'ClaimantInfo',
            editPage: 'claimant-info',
            exclude: ['confirmEmailAddress', 'confirmPhoneNumber'],
          },
          {
            title: JOURNEY_TEXT.claimDetailsTitle,
            dtoMapping: 'ClaimDetails',
            editPage: 'claim-details',
            exclude: PAYMENT_FIELDS,
          },
          {
            title: JOURNEY_TEXT.repairRecordsTitle,
            dtoMapping: 'ClaimTransactions',
            editPage: 'claim-details',
          },
          ...(withPayment
            ? [
                {
                  title: JOURNEY_TEXT.paymentElectionTitle,
                  dtoMapping: 'ClaimDetails' as const,
                  editPage: 'payment-election',
                  only: PAYMENT_FIELDS,
                  exclude: [ACCOUNT_NUMBER_CONFIRMATION_FIELD],
                },
              ]
            : []),
          {
            title: JOURNEY_TEXT.supportingDocumentsTitle,
            dtoMapping: 'DocumentContexts',
            editPage: 'supporting-documents',
          },
        ],
      },
    },
    {
      component: 'Header',
      props: { text: JOURNEY_TEXT.signatureTitle, tag: 'h2', styleAs: 'h4' },
    },
    { component: 'Text', props: { field: 'signatureFullName', autoComplete: 'name' } },
    { component: 'Hidden', props: { field: 'signatureDate', valueFrom: 'signatureDate' } },
    {
      component: 'LabelledValue',
      props: { label: JOURNEY_TEXT.signatureDate, valueFrom: 'signatureDate' },
    },
    { component: 'Checkbox', props: { field: 'attestation' } },
    captcha,
  ],
  navigation: { back: true, next: 'submit' },
});

const confirmation: JourneyPage = {
  title: JOURNEY_TEXT.confirmationTitle,
  metadata: null,
  blocks: [{ component: 'ReferenceCode', props: {} }],
  navigation: { back: false, next: null },
};

const STANDARD: Journey = {
  landing: {
    title: JOURNEY_TEXT.standardLandingTitle,
    intro: [JOURNEY_TEXT.standardLandingIntro],
    metadata: { formType: 'Standard', dtoMapping: 'Credentials' },
    blocks: [
      { component: 'Text', props: { field: 'noticeId', autoComplete: 'off' } },
      { component: 'Text', props: { field: 'pin', autoComplete: 'off', inputMode: 'numeric' } },
      captcha,
    ],
    navigation: { next: 'authorize', nextLabel: JOURNEY_TEXT.startClaim },
  },
  'claimant-info': claimantInfo('Standard'),
  'claim-details': {
    title: JOURNEY_TEXT.claimDetailsTitle,
    intro: [JOURNEY_TEXT.claimDetailsIntro],
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
          heading: JOURNEY_TEXT.repairRecordsTitle,
          intro: JOURNEY_TEXT.repairRecordsIntro,
          minimumSavedRecords: { count: 1, when: isYes('hadRepairs') },
        },
      },
      { component: 'Textarea', props: { field: 'additionalInformation' } },
      { component: 'Hidden', props: { field: 'claimChannel' } },
    ],
    navigation: { back: true, next: 'next' },
  },
  'payment-election': {
    title: JOURNEY_TEXT.paymentElectionTitle,
    intro: [JOURNEY_TEXT.paymentElectionIntro],
    introWithPayPal: [JOURNEY_TEXT.paymentElectionIntroPayPal],
    metadata: { formType: 'Standard', dtoMapping: 'ClaimDetails' },
    blocks: [
      { component: 'Radio', props: { field: PAYMENT_METHOD_FIELD, requirePayPal: ['PayPal'] } },
      {
        component: 'Text',
        props: {
          field: PAYMENT_EMAIL_FIELD,
          type: 'email',
          autoComplete: 'email',
          startsFrom: { dtoMapping: 'ClaimantInfo', field: 'emailAddress' },
        },
      },
      // Each shown only for its method, by the field's dependencies (cases/demo/case.yaml).
      { component: 'Text', props: { field: VENMO_CONTACT_FIELD, autoComplete: 'off' } },
      {
        component: 'Text',
        props: { field: ROUTING_NUMBER_FIELD, autoComplete: 'off', inputMode: 'numeric' },
      },
      {
        component: 'Text',
        props: { field: ACCOUNT_NUMBER_FIELD, autoComplete: 'off', inputMode: 'numeric' },
      },
      {
        component: 'Text',
        props: {
          field: ACCOUNT_NUMBER_CONFIRMATION_FIELD,
          autoComplete: 'off',
          inputMode: 'numeric',
        },
      },
      { component: 'Radio', props: { field: ACCOUNT_TYPE_FIELD } },
      {
        component: 'PayPalVerification',
        visibleWhen: {
          conditions: [
            { property: PAYMENT_METHOD_FIELD, comparison: 'IsEqualTo', value: 'PayPal' },
          ],
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

const AUTOMOTIVE: Journey = {
  landing: {
    title: JOURNEY_TEXT.automotiveLandingTitle,
    intro: [JOURNEY_TEXT.automotiveLandingIntro],
    metadata: { formType: 'Automotive', dtoMapping: 'Credentials' },
    blocks: [
      { component: 'Text', props: { field: 'vin', autoComplete: 'off', startsFromQuery: 'vin' } },
      captcha,
    ],
    navigation: { next: 'authorize', nextLabel: JOURNEY_TEXT.startClaim },
  },
  'claimant-info': claimantInfo('Automotive'),
  'claim-details': {
    title: JOURNEY_TEXT.claimDetailsTitle,
    intro: [JOURNEY_TEXT.claimDetailsIntro],
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

const DOCUMENTS_UPLOAD: Journey = {
  landing: {
    title: JOURNEY_TEXT.documentsUploadLandingTitle,
    intro: [JOURNEY_TEXT.documentsUploadLandingIntro],
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
    navigation: { next: 'authorize', nextLabel: JOURNEY_TEXT.continue },
  },
  'supporting-documents': supportingDocuments('DocumentsUpload', 'submit'),
  confirmation,
};

/** Lookup has one page of its own (the web's LookupPage). */
export const JOURNEYS: Readonly<Record<JourneyFormType, Journey>> = {
  Standard: STANDARD,
  Automotive: AUTOMOTIVE,
  DocumentsUpload: DOCUMENTS_UPLOAD,
};

/** A form's pages with their names, in the order the claimant meets them; none for Lookup. */
export function journeyPages(formType: FormType): [FormPageName, JourneyPage][] {
  if (formType === 'Lookup') return [];
  return Object.entries(JOURNEYS[formType]) as [FormPageName, JourneyPage][];
}

/** A page of a form's journey; an unknown page fails with the form's pages. */
export function journeyPage(formType: FormType, page: string): JourneyPage {
  if (formType === 'Lookup') throw new Error('the Lookup form has one page of its own: LookupPage');
  const pages: Readonly<Record<string, JourneyPage>> = JOURNEYS[formType];
  const config = Object.hasOwn(pages, page) ? pages[page] : undefined;
  if (!config) {
    throw new Error(
      `the ${formType} form has no page "${page}"; expected one of ${Object.keys(pages).join(', ')}`,
    );
  }
  return config;
}

/**
 * A page a form has a route for but not a place in its order: it says why and sends the
 * claimant on to the page that comes next, instead of showing an error.
 */
export interface PageOutsideOrder {
  title: LocalizedText;
  copy: LocalizedText;
  /** The page the claimant continues to. */
  continueTo: FormPageName;
}

/**
 * docs/behaviour.md#navigation: Automotive has a payment-election route but no payment election.
 */
const PAGES_OUTSIDE_ORDER: Partial<
  Record<FormType, { readonly [P in FormPageName]?: PageOutsideOrder }>
> = {
  Automotive: {
    'payment-election': {
      title: JOURNEY_TEXT.noPaymentElectionTitle,
      copy: JOURNEY_TEXT.noPaymentElectionCopy,
      continueTo: 'supporting-documents',
    },
  },
};

export function pageOutsideOrder(formType: FormType, page: string): PageOutsideOrder | undefined {
  const pages: Readonly<Record<string, PageOutsideOrder>> | undefined =
    PAGES_OUTSIDE_ORDER[formType];
  return pages !== undefined && Object.hasOwn(pages, page) ? pages[page] : undefined;
}
