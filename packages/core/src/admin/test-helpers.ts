import type {
  AuditEntry,
  AuditResponse,
  CaseSettingsResponse,
  ClaimDetail,
  ClaimSummary,
  ClaimsResponse,
  MeResponse,
} from './admin-api';

/** Admin API answers as the server gives them, for the contract's tests and the console's. */

export function meFixture(overrides: Partial<MeResponse> = {}): MeResponse {
  return {
    email: 'rita.reviewer@example.test',
    role: 'reviewer',
    idleExpiresAt: '2027-03-01T10:15:00.000Z',
    absoluteExpiresAt: '2027-03-01T18:00:00.000Z',
    ...overrides,
  };
}

export function lifecycleFixture(): CaseSettingsResponse['lifecycle'] {
  return {
    timeZone: 'America/Los_Angeles',
    cureWindowDays: 30,
    appealWindowDays: 14,
    deficiencyReasons: [
      {
        code: 'missing_receipt',
        label: 'Proof of purchase is missing',
        whatToSend: 'A receipt or bill of sale showing the vehicle and the date',
      },
      {
        code: 'unsigned',
        label: 'The claim form is not signed',
        whatToSend: 'A signed attestation page',
      },
    ],
    denialReasons: [
      { code: 'not_class_member', label: 'Not a member of the class' },
      { code: 'deficiency_not_cured', label: 'The deficiency was not cured in time' },
    ],
  };
}

export function caseSettingsFixture(): CaseSettingsResponse {
  return {
    caseName: 'Doe v. Example Motors',
    cultures: [
      { code: 'en', name: 'English' },
      { code: 'es', name: 'Español' },
    ],
    lifecycle: lifecycleFixture(),
  };
}

export function claimSummaryFixture(overrides: Partial<ClaimSummary> = {}): ClaimSummary {
  return {
    id: 'c-1001',
    referenceCode: 'AB7K-9QXM',
    formType: 'Automotive',
    status: 'received',
    filedAt: '2027-02-20T17:30:00.000Z',
    claimantName: 'Maria Lopez',
    fraudScore: 940,
    fraudDecision: 'pass',
    cureBy: null,
    appealBy: null,
    ...overrides,
  };
}

export function claimsResponseFixture(
  items?: ClaimSummary[],
  total?: number,
  moreThanTotal = false,
): ClaimsResponse {
  const list = items ?? [
    claimSummaryFixture(),
    claimSummaryFixture({
      id: 'c-1002',
      referenceCode: 'CD3F-7HTW',
      formType: 'Standard',
      status: 'in_review',
      claimantName: 'John Smith',
      fraudScore: 610,
      fraudDecision: 'hold',
    }),
  ];
  return { items: list, total: total ?? list.length, moreThanTotal, page: 1, pageSize: 25 };
}

export function claimDetailFixture(overrides: Partial<ClaimDetail> = {}): ClaimDetail {
  return {
    id: 'c-1002',
    referenceCode: 'CD3F-7HTW',
    formType: 'Automotive',
    culture: 'en',
    status: 'in_review',
    filedAt: '2027-02-20T17:30:00.000Z',
    claimantName: 'John Smith',
    cureBy: null,
    appealBy: null,
    sections: [
      {
        part: 'ClaimantInfo',
        title: 'Claimant information',
        fields: [
          { name: 'firstName', label: 'First name', value: 'John' },
          { name: 'lastName', label: 'Last name', value: 'Smith' },
          { name: 'email', label: 'E-mail address', value: 'john.smith@example.test' },
          { name: 'phone', label: 'Phone number', value: null },
        ],
      },
      {
        part: 'ClaimDetails',
        title: 'Vehicle',
        fields: [
          { name: 'vin', label: 'VIN', value: '1HGCM82633A004352' },
          { name: 'purchaseDate', label: 'Date of purchase', value: '03/14/2019' },
        ],
      },
    ],
    documents: [
      {
        id: 'd-1',
        name: 'receipt.pdf',
        contentType: 'application/pdf',
        size: 48213,
        sha256: 'a'.repeat(64),
        scanState: 'clean',
        uploadedAt: '2027-02-20T17:29:00.000Z',
        context: 'Proof of purchase',
      },
      {
        id: 'd-2',
        name: 'odometer.jpg',
        contentType: 'image/jpeg',
        size: 1048576,
        sha256: 'b'.repeat(64),
        scanState: 'clean',
        uploadedAt: '2027-02-20T17:29:30.000Z',
        context: 'Odometer photo',
      },
      {
        id: 'd-3',
        name: 'letter.pdf',
        contentType: 'application/pdf',
        size: 2048,
        sha256: 'c'.repeat(64),
        scanState: 'pending',
        uploadedAt: '2027-02-25T09:00:00.000Z',
        context: null,
      },
    ],
    history: [
      {
        at: '2027-02-22T16:00:00.000Z',
        transition: 'start_review',
        from: 'received',
        to: 'in_review',
        actor: 'reviewer',
        actorEmail: 'rita.reviewer@example.test',
        reasonCodes: [],
        note: null,
        cureBy: null,
        appealBy: null,
      },
    ],
    fraud: {
      score: 610,
      decision: 'hold',
      thresholds: { review: 800, hold: 650 },
      assessedAt: '2027-02-20T17:31:00.000Z',
      deductions: [
        {
          code: 'velocity_ip',
          reason: 'Many claims from one network',
          points: 250,
          evidence: '4 claims from 203.0.113.0/24 within 10 minutes',
        },
        {
          code: 'disposable_email',
          reason: 'Disposable e-mail domain',
          points: 140,
          evidence: 'mailinator.example',
        },
      ],
    },
    availableTransitions: ['mark_deficient', 'approve', 'deny', 'withdraw'],
    lifecycle: lifecycleFixture(),
    ...overrides,
  };
}

export function auditEntryFixture(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'a-1',
    at: '2027-02-22T16:00:00.000Z',
    actorEmail: 'rita.reviewer@example.test',
    actorRole: 'reviewer',
    action: 'claim_transition',
    claimReference: 'CD3F-7HTW',
    documentId: null,
    ipAddress: '198.51.100.7',
    details: 'start_review',
    ...overrides,
  };
}

export function auditResponseFixture(items?: AuditEntry[], total?: number): AuditResponse {
  const list = items ?? [
    auditEntryFixture(),
    auditEntryFixture({
      id: 'a-2',
      at: '2027-02-22T15:58:00.000Z',
      action: 'document_viewed',
      documentId: 'd-1',
      details: null,
    }),
  ];
  return { items: list, total: total ?? list.length, page: 1, pageSize: 25 };
}
