import { describe, expect, it } from 'vitest';
import { FRAUD_DECISIONS } from '../fraud/score';
import { TRANSITION_NAMES } from '../lifecycle/transitions';
import {
  ADMIN_API_BASE,
  ADMIN_ENDPOINTS,
  auditExportPath,
  auditPath,
  auditQuerySchema,
  auditResponseSchema,
  bulkTransitionRequestSchema,
  bulkTransitionResponseSchema,
  caseSettingsResponseSchema,
  claimDetailSchema,
  claimPath,
  claimsPath,
  claimsQueryParams,
  claimsQuerySchema,
  claimsResponseSchema,
  type ClaimsQuery,
  claimTransitionsPath,
  documentPath,
  documentPreviewKind,
  MAX_BULK_CLAIMS,
  meResponseSchema,
  signInRequestSchema,
  signInResponseSchema,
  totpRequestSchema,
  transitionNameSchema,
  transitionRequestSchema,
} from './admin-api';
import { ADMIN_PERMISSIONS } from './admin-roles';
import {
  auditResponseFixture,
  caseSettingsFixture,
  claimDetailFixture,
  claimsResponseFixture,
  meFixture,
} from './test-helpers';

describe('admin API paths', () => {
  it('puts every endpoint under /admin/api', () => {
    for (const endpoint of Object.values(ADMIN_ENDPOINTS)) {
      expect(endpoint.path.startsWith(`${ADMIN_API_BASE}/`)).toBe(true);
    }
  });

  it('gives no two endpoints the same method and path', () => {
    const routes = Object.values(ADMIN_ENDPOINTS).map((e) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('lets only the sign-in steps, the token and sign-out be called without a session', () => {
    const open = Object.entries(ADMIN_ENDPOINTS)
      .filter(([, endpoint]) => endpoint.access === 'anyone')
      .map(([name]) => name);
    expect(open.sort()).toEqual(['csrf', 'signIn', 'signOut']);
  });

  it('names a known permission or session level for every endpoint', () => {
    const levels = ['anyone', 'password_accepted', 'signed_in', ...ADMIN_PERMISSIONS];
    for (const endpoint of Object.values(ADMIN_ENDPOINTS)) {
      expect(levels).toContain(endpoint.access);
    }
  });

  it('encodes the claim id as one path segment', () => {
    expect(claimPath('c/1 2')).toBe('/admin/api/claims/c%2F1%202');
    expect(claimTransitionsPath('c-1')).toBe('/admin/api/claims/c-1/transitions');
  });

  it('asks for a document inline or as an attachment', () => {
    expect(documentPath('c-1', 'd-1', 'inline')).toBe(
      '/admin/api/claims/c-1/documents/d-1?disposition=inline',
    );
    expect(documentPath('c-1', 'd-1', 'attachment')).toBe(
      '/admin/api/claims/c-1/documents/d-1?disposition=attachment',
    );
  });

  it('leaves the default claims query out of the address', () => {
    expect(claimsPath({ sort: 'filedAt', order: 'asc', page: 1, pageSize: 25 })).toBe(
      '/admin/api/claims',
    );
  });

  it('leaves the page out of the audit export address', () => {
    expect(auditExportPath({ action: 'sign_in', page: 3, pageSize: 50 })).toBe(
      '/admin/api/audit/export.csv?action=sign_in',
    );
  });

  it('writes the audit filters into the audit address', () => {
    expect(
      auditPath({
        actor: ' rita@example.test ',
        claim: 'AB7K-9QXM',
        from: '2027-01-01',
        to: '2027-01-31',
        page: 2,
        pageSize: 100,
      }),
    ).toBe(
      '/admin/api/audit?actor=rita%40example.test&claim=AB7K-9QXM&from=2027-01-01&to=2027-01-31&page=2&pageSize=100',
    );
  });
});

describe('claims query', () => {
  it('fills the defaults: oldest first, page 1 of 25', () => {
    expect(claimsQuerySchema.parse({})).toEqual({
      sort: 'filedAt',
      order: 'asc',
      page: 1,
      pageSize: 25,
    });
  });

  it('reads comma-separated lists without blanks or repeats', () => {
    const query = claimsQuerySchema.parse({
      status: 'received, in_review,,received',
      fraud: 'hold',
    });
    expect(query.status).toEqual(['received', 'in_review']);
    expect(query.fraud).toEqual(['hold']);
  });

  it('refuses a status the lifecycle does not know', () => {
    expect(claimsQuerySchema.safeParse({ status: 'received,lost' }).success).toBe(false);
  });

  it('filters by the fraud decisions of the fraud score', () => {
    expect(claimsQuerySchema.parse({ fraud: 'pass,review,hold' }).fraud).toEqual([
      ...FRAUD_DECISIONS,
    ]);
  });

  it('refuses a fraud decision the fraud score does not make', () => {
    expect(claimsQuerySchema.safeParse({ fraud: 'clear' }).success).toBe(false);
  });

  it('refuses a page size it does not offer', () => {
    expect(claimsQuerySchema.safeParse({ pageSize: '30' }).success).toBe(false);
  });

  it('refuses a page below 1', () => {
    expect(claimsQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });

  it('round-trips every filter through the query string', () => {
    const query = {
      status: ['deficient', 'cured'],
      formType: ['Standard'],
      fraud: ['review', 'hold'],
      filedFrom: '2027-02-01',
      filedTo: '2027-02-28',
      q: 'Lopez',
      sort: 'fraudScore',
      order: 'desc',
      page: 3,
      pageSize: 50,
    } satisfies ClaimsQuery;
    expect(claimsQuerySchema.parse(claimsQueryParams(query))).toEqual(query);
  });

  it('drops a blank search', () => {
    expect(claimsQueryParams({ q: '   ', status: [] })).toEqual({});
  });
});

describe('audit query', () => {
  it('refuses an action the log does not record', () => {
    expect(auditQuerySchema.safeParse({ action: 'coffee_break' }).success).toBe(false);
  });

  it('refuses a date that is not a day', () => {
    expect(auditQuerySchema.safeParse({ from: '2027-02-30' }).success).toBe(false);
  });
});

describe('sign-in', () => {
  it('trims the e-mail address', () => {
    expect(signInRequestSchema.parse({ email: ' a@b.test ', password: 'x' }).email).toBe(
      'a@b.test',
    );
  });

  it('refuses an empty password', () => {
    expect(signInRequestSchema.safeParse({ email: 'a@b.test', password: '' }).success).toBe(false);
  });

  it('asks an enrolled administrator for a code', () => {
    expect(signInResponseSchema.parse({ next: 'totp' })).toEqual({ next: 'totp' });
  });

  it('gives a first-time administrator the otpauth URI and its secret', () => {
    const enroll = {
      next: 'enroll',
      otpauthUri: 'otpauth://totp/Claims:a%40b.test?secret=JBSWY3DPEHPK3PXP&issuer=Claims',
      secret: 'JBSWY3DPEHPK3PXP',
    };
    expect(signInResponseSchema.parse(enroll)).toEqual(enroll);
  });

  it('refuses an enrollment secret outside the base32 alphabet', () => {
    const enroll = { next: 'enroll', otpauthUri: 'otpauth://totp/x', secret: 'jbswy3dpehpk3pxp' };
    expect(signInResponseSchema.safeParse(enroll).success).toBe(false);
  });

  it('takes a code of exactly six digits', () => {
    expect(totpRequestSchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(totpRequestSchema.safeParse({ code: '12345' }).success).toBe(false);
    expect(totpRequestSchema.safeParse({ code: '12345a' }).success).toBe(false);
  });

  it('describes the signed-in administrator and when the session ends', () => {
    expect(meResponseSchema.parse(meFixture())).toEqual(meFixture());
  });

  it('refuses a role that does not exist', () => {
    expect(meResponseSchema.safeParse(meFixture({ role: 'admin' as never })).success).toBe(false);
  });
});

describe('answers', () => {
  it('accepts the case settings', () => {
    expect(caseSettingsResponseSchema.parse(caseSettingsFixture())).toEqual(caseSettingsFixture());
  });

  it('accepts a page of claims', () => {
    expect(claimsResponseSchema.parse(claimsResponseFixture())).toEqual(claimsResponseFixture());
  });

  it('accepts a full claim', () => {
    expect(claimDetailSchema.parse(claimDetailFixture())).toEqual(claimDetailFixture());
  });

  it('accepts a claim not yet scored for fraud', () => {
    expect(claimDetailSchema.safeParse(claimDetailFixture({ fraud: null })).success).toBe(true);
  });

  it('refuses a document hash that is not a SHA-256', () => {
    const claim = claimDetailFixture();
    const documents = [{ ...claim.documents[0]!, sha256: 'abc' }];
    expect(claimDetailSchema.safeParse({ ...claim, documents }).success).toBe(false);
  });

  it('refuses a transition the lifecycle table does not have', () => {
    const claim = claimDetailFixture({ availableTransitions: ['escalate' as never] });
    expect(claimDetailSchema.safeParse(claim).success).toBe(false);
  });

  it('knows every transition of the lifecycle table', () => {
    expect(transitionNameSchema.options).toEqual(TRANSITION_NAMES);
  });

  it('accepts a page of the audit log', () => {
    expect(auditResponseSchema.parse(auditResponseFixture())).toEqual(auditResponseFixture());
  });

  it('accepts a bulk answer with one claim done and one refused', () => {
    const answer = {
      outcomes: [
        { claimId: 'c-1', ok: true, referenceCode: 'AB7K-9QXM', status: 'in_review' },
        { claimId: 'c-2', ok: false, referenceCode: null, error: 'no such claim' },
      ],
    };
    expect(bulkTransitionResponseSchema.parse(answer)).toEqual(answer);
  });
});

describe('transition requests', () => {
  it('defaults to no reasons and no note', () => {
    expect(
      transitionRequestSchema.parse({ transition: 'approve', expectedStatus: 'in_review' }),
    ).toEqual({ transition: 'approve', expectedStatus: 'in_review', reasonCodes: [], note: null });
  });

  it('needs the status the administrator saw', () => {
    expect(transitionRequestSchema.safeParse({ transition: 'approve' }).success).toBe(false);
  });

  it('refuses a note longer than 2,000 characters', () => {
    const request = { transition: 'deny', expectedStatus: 'in_review', note: 'x'.repeat(2001) };
    expect(transitionRequestSchema.safeParse(request).success).toBe(false);
  });

  it('refuses a bulk request naming a claim twice', () => {
    const request = { transition: 'start_review', claimIds: ['c-1', 'c-1'] };
    expect(bulkTransitionRequestSchema.safeParse(request).success).toBe(false);
  });

  it('refuses a bulk request larger than the largest page', () => {
    const claimIds = Array.from({ length: MAX_BULK_CLAIMS + 1 }, (_, index) => `c-${index}`);
    expect(bulkTransitionRequestSchema.safeParse({ transition: 'approve', claimIds }).success).toBe(
      false,
    );
  });

  it('refuses an empty bulk request', () => {
    expect(
      bulkTransitionRequestSchema.safeParse({ transition: 'approve', claimIds: [] }).success,
    ).toBe(false);
  });
});

describe('documentPreviewKind', () => {
  it('shows a PDF in a frame', () => {
    expect(documentPreviewKind('application/pdf')).toBe('pdf');
  });

  it('shows common images as images, whatever the case or parameters', () => {
    expect(documentPreviewKind('IMAGE/PNG')).toBe('image');
    expect(documentPreviewKind('image/jpeg; charset=binary')).toBe('image');
  });

  it('offers anything else for download only', () => {
    expect(documentPreviewKind('image/svg+xml')).toBeNull();
    expect(documentPreviewKind('text/html')).toBeNull();
  });
});
