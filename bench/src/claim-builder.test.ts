import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeSubmissionFields } from '@claims/core/contract/submission';
import { encodeSubmissionParts } from '@claims/core/contract/submission-encoding';
import { ClaimsCase } from '../../apps/server/src/case/claims-case';
import { parseCsv } from '../../apps/server/src/case/csv';
import { loadCase } from '../../apps/server/src/case/load-case';
import { prepopulatedForSession } from '../../apps/server/src/services/authorization';
import { checkSubmission } from '../../apps/server/src/services/submission-check';
import { DEMO_CASE } from './bench-paths';
import { buildStandardClaim, type ClaimDocument } from './claim-builder';
import { buildSamplePdf } from './sample-pdf';

const DOCUMENTS: ClaimDocument[] = [
  {
    bytes: buildSamplePdf('Invoice', 2000, 1),
    type: 'application/pdf',
    fileName: 'invoice.pdf',
    documentType: 'RepairInvoice',
  },
  {
    bytes: buildSamplePdf('Title', 2000, 2),
    type: 'application/pdf',
    fileName: 'title.pdf',
    documentType: 'ProofOfOwnership',
  },
];

async function demo() {
  const claimsCase = new ClaimsCase(await loadCase(DEMO_CASE));
  const rows = parseCsv(readFileSync(path.join(DEMO_CASE, 'class-list.csv'), 'utf8')).rows;
  return { claimsCase, rows };
}

function claimFor(claimsCase: ClaimsCase, row: Readonly<Record<string, string>>) {
  const { Pin: pin = '', ...data } = row;
  const payload = buildStandardClaim({
    configs: claimsCase.remoteModelConfigs,
    prepopulatedData: data,
    credentials: { noticeId: data.NoticeId ?? '', pin },
    captchaToken: 'token',
    captchaPass: 'pass',
    signatureDate: '2026-06-01',
    documents: DOCUMENTS,
  });
  return { payload, data };
}

describe('buildStandardClaim', () => {
  it('builds claims of the demo case that pass the server’s own checks', async () => {
    const { claimsCase, rows } = await demo();
    // The first rows include members abroad and members without a phone or e-mail address.
    for (const { values } of rows.slice(0, 40)) {
      const { payload, data } = claimFor(claimsCase, values);
      const textParts = Object.fromEntries(
        encodeSubmissionParts(payload).flatMap((part) =>
          part.kind === 'text' ? [[part.name, part.value]] : [],
        ),
      );
      const decoded = decodeSubmissionFields(textParts);
      expect(decoded.success).toBe(true);
      if (!decoded.success) return;
      const checked = checkSubmission(
        claimsCase,
        'Standard',
        {
          identity: { kind: 'classMember', noticeId: data.NoticeId ?? '' },
          prepopulatedData: prepopulatedForSession(data),
          authorizedAt: '2026-06-01T12:00:00.000Z',
          captchaPassHash: null,
        },
        decoded.data,
        { culture: 'en', now: new Date('2026-06-01T19:00:00Z') },
      );
      expect(checked.ok ? 'ok' : checked.error).toBe('ok');
    }
  });

  it('prefills the claimant from the authorize answer', async () => {
    const { claimsCase, rows } = await demo();
    const row = rows[0]?.values ?? {};
    const { payload } = claimFor(claimsCase, row);
    expect(payload.claimantInfo?.fields.lastName).toBe(row.LastName);
  });

  it('ties each document to its own document context', async () => {
    const { claimsCase, rows } = await demo();
    const { payload } = claimFor(claimsCase, rows[0]?.values ?? {});
    expect(payload.documents.map((document) => document.contextClientId)).toEqual(
      payload.documentContexts.map((context) => context.clientId),
    );
  });

  it('gives every claim its own client ids, so no submission is taken for a retry', async () => {
    const { claimsCase, rows } = await demo();
    const row = rows[0]?.values ?? {};
    expect(claimFor(claimsCase, row).payload.claimDetails?.clientId).not.toBe(
      claimFor(claimsCase, row).payload.claimDetails?.clientId,
    );
  });
});
