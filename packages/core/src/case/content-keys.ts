/**
 * Content keys the site itself shows, apart from those a case definition names (field labels,
 * page copy, banner) and the validation messages (rules/registry.ts lists those with their
 * English texts). Every enabled culture of a case must give each of them a text, so a
 * claimant reads the whole site in one language. Texts may hold {name} placeholders, listed
 * beside each key.
 */
export const UI_CONTENT_KEYS = {
  header: {
    home: 'LocKey_Header_Home',
    keyDates: 'LocKey_Header_KeyDates',
    importantDocuments: 'LocKey_Header_ImportantDocuments',
    faq: 'LocKey_Header_Faq',
    fileClaim: 'LocKey_Header_FileClaim',
    vinLookup: 'LocKey_Header_VinLookup',
    moreOptions: 'LocKey_Header_MoreOptions',
    checkClaimStatus: 'LocKey_Header_CheckClaimStatus',
    uploadDocuments: 'LocKey_Header_UploadDocuments',
    changeAddress: 'LocKey_Header_ChangeAddress',
    language: 'LocKey_Header_Language',
    englishSwitch: 'LocKey_Header_EnglishSwitch',
    menu: 'LocKey_Header_Menu',
    skipToContent: 'LocKey_Header_SkipToContent',
  },
  footer: {
    /** {year}, {administratorTitle} */
    copyright: 'LocKey_Footer_Copyright',
    privacyPolicy: 'LocKey_Footer_PrivacyPolicy',
    contactHeading: 'LocKey_Footer_ContactHeading',
    phone: 'LocKey_Footer_Phone',
    email: 'LocKey_Footer_Email',
    mail: 'LocKey_Footer_Mail',
  },
  button: {
    next: 'LocKey_Button_Next',
    back: 'LocKey_Button_Back',
    submit: 'LocKey_Button_Submit',
    continue: 'LocKey_Button_Continue',
    ok: 'LocKey_Button_Ok',
    addMore: 'LocKey_Button_AddMore',
    upload: 'LocKey_Button_Upload',
    cancel: 'LocKey_Button_Cancel',
    delete: 'LocKey_Button_Delete',
    edit: 'LocKey_Button_Edit',
    startClaim: 'LocKey_Button_StartClaim',
    lookup: 'LocKey_Button_Lookup',
    returnHome: 'LocKey_Button_ReturnHome',
    close: 'LocKey_Button_Close',
  },
  landing: {
    standardTitle: 'LocKey_Standard_Landing_Title',
    standardIntro: 'LocKey_Standard_Landing_Intro',
    automotiveTitle: 'LocKey_Automotive_Landing_Title',
    automotiveIntro: 'LocKey_Automotive_Landing_Intro',
    documentsUploadTitle: 'LocKey_DocumentsUpload_Landing_Title',
    documentsUploadIntro: 'LocKey_DocumentsUpload_Landing_Intro',
  },
  lookup: {
    title: 'LocKey_Lookup_Title',
    intro: 'LocKey_Lookup_Intro',
    /** {year}, {make}, {model} */
    eligible: 'LocKey_Lookup_Eligible',
    notEligible: 'LocKey_Lookup_NotEligible',
    /** The link from an eligible answer to the Automotive sign-in, with the VIN filled in. */
    fileClaim: 'LocKey_Lookup_FileClaim',
  },
  page: {
    claimantInfoTitle: 'LocKey_Page_ClaimantInfo_Title',
    claimantInfoIntro: 'LocKey_Page_ClaimantInfo_Intro',
    claimDetailsTitle: 'LocKey_Page_ClaimDetails_Title',
    claimDetailsIntro: 'LocKey_Page_ClaimDetails_Intro',
    paymentElectionTitle: 'LocKey_Page_PaymentElection_Title',
    paymentElectionIntro: 'LocKey_Page_PaymentElection_Intro',
    /** The payment-election copy that names PayPal, shown only when the case enables PayPal. */
    paymentElectionIntroPayPal: 'LocKey_Page_PaymentElection_IntroPayPal',
    /** A form without a payment election, reached at its payment-election address. */
    noPaymentElectionTitle: 'LocKey_Page_NoPaymentElection_Title',
    noPaymentElectionCopy: 'LocKey_Page_NoPaymentElection_Copy',
    supportingDocumentsTitle: 'LocKey_Page_SupportingDocuments_Title',
    supportingDocumentsIntro: 'LocKey_Page_SupportingDocuments_Intro',
    repairRecordsTitle: 'LocKey_Page_RepairRecords_Title',
    repairRecordsIntro: 'LocKey_Page_RepairRecords_Intro',
    claimSummaryTitle: 'LocKey_Page_ClaimSummary_Title',
    claimSummaryIntro: 'LocKey_Page_ClaimSummary_Intro',
    signatureTitle: 'LocKey_Page_Signature_Title',
    confirmationTitle: 'LocKey_Page_Confirmation_Title',
    /** {referenceCode} */
    confirmationCopy: 'LocKey_Page_Confirmation_Copy',
  },
  fixedPage: {
    notFoundTitle: 'LocKey_NotFound_Title',
    notFoundCopy: 'LocKey_NotFound_Copy',
    errorTitle: 'LocKey_Error_Title',
    errorCopy: 'LocKey_Error_Copy',
    sessionExpiredTitle: 'LocKey_SessionExpired_Title',
    sessionExpiredCopy: 'LocKey_SessionExpired_Copy',
    /** The link back to the landing page of the form whose session ended. */
    sessionExpiredStartAgain: 'LocKey_SessionExpired_StartAgain',
    deadlineTitle: 'LocKey_Deadline_Title',
    deadlineCopy: 'LocKey_Deadline_Copy',
    configurationErrorTitle: 'LocKey_ConfigurationError_Title',
    configurationErrorCopy: 'LocKey_ConfigurationError_Copy',
  },
  /** Check Claim Status and Change My Address, when the case gives these pages no copy. */
  servicePage: {
    claimStatusUnavailable: 'LocKey_ClaimStatus_Unavailable',
    changeOfAddressUnavailable: 'LocKey_ChangeOfAddress_Unavailable',
  },
  session: {
    warningTitle: 'LocKey_Session_Warning_Title',
    /** {seconds} */
    warningCopy: 'LocKey_Session_Warning_Copy',
  },
  shared: {
    alertHeader: 'LocKey_Shared_AlertHeader',
    savedMessage: 'LocKey_Shared_SavedMessage',
    loading: 'LocKey_Shared_Loading',
    requiredField: 'LocKey_Shared_RequiredField',
    notProvided: 'LocKey_Shared_NotProvided',
    selectPlaceholder: 'LocKey_Shared_SelectPlaceholder',
    datePlaceholder: 'LocKey_Shared_DatePlaceholder',
    chooseFile: 'LocKey_Shared_ChooseFile',
    yes: 'LocKey_Shared_Yes',
    no: 'LocKey_Shared_No',
    /** What a record row is called when none of its cells has text. */
    record: 'LocKey_Shared_Record',
    /** docs/behaviour.md#errors, config load. */
    configLoadError: 'LocKey_Shared_ErrorMessage_ConfigLoad',
    /** docs/behaviour.md#errors, submission failure. */
    submissionError: 'LocKey_Shared_ErrorMessage_Submission',
    /** docs/behaviour.md#errors, authorize and start-up call failures. */
    problemError: 'LocKey_Shared_ErrorMessage_Problem',
    /** docs/behaviour.md#errors: the submit answer lacks a reference code. */
    submissionDefaultError: 'LocKey_Shared_ErrorMessage_Submission_Default',
  },
  records: {
    /** {name} */
    fileExists: 'LocKey_Records_FileExists',
    documentationRequired: 'LocKey_Records_DocumentationRequired',
    unsavedDraft: 'LocKey_Records_UnsavedDraft',
    /** {min} */
    minimumRecords: 'LocKey_Records_MinimumRecords',
    noRecords: 'LocKey_Records_NoRecords',
  },
  /**
   * docs/behaviour.md#documents: why a chosen or submitted document is refused, one key per
   * reason of documents/refusal.ts; each names the file ({name}).
   */
  documents: {
    /** {name}, {max} */
    tooLarge: 'LocKey_Documents_TooLarge',
    /** {name}, {max} */
    tooMany: 'LocKey_Documents_TooMany',
    /** {name} */
    empty: 'LocKey_Documents_Empty',
    /** {name} */
    heicPhoto: 'LocKey_Documents_HeicPhoto',
    /** {name} */
    notAllowedType: 'LocKey_Documents_NotAllowedType',
    /** {name} */
    typeMismatch: 'LocKey_Documents_TypeMismatch',
    /** {name} */
    sizeMismatch: 'LocKey_Documents_SizeMismatch',
    /** {name} */
    virus: 'LocKey_Documents_Virus',
  },
  /** docs/behaviour.md#name-and-contact: the repeated value differs from the first. */
  confirmation: {
    emailMismatch: 'LocKey_Validation_EmailMismatch',
    phoneMismatch: 'LocKey_Validation_PhoneMismatch',
  },
  forms: {
    errorSummaryTitle: 'LocKey_Forms_ErrorSummary_Title',
    chooseDate: 'LocKey_Forms_ChooseDate',
    selectedFile: 'LocKey_Forms_SelectedFile',
    fileKept: 'LocKey_Forms_FileKept',
    oneFileOnly: 'LocKey_Forms_OneFileOnly',
    referenceCode: 'LocKey_Forms_ReferenceCode',
    copyReferenceCode: 'LocKey_Forms_CopyReferenceCode',
    copied: 'LocKey_Forms_Copied',
    print: 'LocKey_Forms_Print',
    symptoms: 'LocKey_Forms_Symptoms',
    pleaseDescribe: 'LocKey_Forms_PleaseDescribe',
    savedRecords: 'LocKey_Forms_SavedRecords',
    newRecord: 'LocKey_Forms_NewRecord',
    addRow: 'LocKey_Forms_AddRow',
    /** {number} */
    row: 'LocKey_Forms_Row',
    payPalVerify: 'LocKey_Forms_PayPal_Verify',
    payPalCopy: 'LocKey_Forms_PayPal_Copy',
    payPalInvalid: 'LocKey_Forms_PayPal_Invalid',
    payPalChange: 'LocKey_Forms_PayPal_Change',
    captchaHCaptcha: 'LocKey_Forms_Captcha_HCaptcha',
    captchaGoogle: 'LocKey_Forms_Captcha_Google',
    captchaAltcha: 'LocKey_Forms_Captcha_Altcha',
    /** {number}, {count}: where the page stands among the claim's steps. */
    stepOf: 'LocKey_Forms_StepOf',
    /** The main button of a page opened from the claim summary's Edit link. */
    returnToReview: 'LocKey_Forms_ReturnToReview',
    /** Keeps the repair a record table's new row holds. */
    saveRow: 'LocKey_Forms_SaveRow',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
export type UiContentKey = Leaves<typeof UI_CONTENT_KEYS>;

/** Every key of UI_CONTENT_KEYS, in declaration order. */
export const REQUIRED_CONTENT_KEYS: readonly UiContentKey[] = Object.values(
  UI_CONTENT_KEYS,
).flatMap((group) => Object.values(group) as UiContentKey[]);
