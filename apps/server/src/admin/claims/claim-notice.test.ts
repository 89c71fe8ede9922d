import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { claimTransitionsPath } from '@claims/core/admin/admin-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAIL_FOLDER } from '../../email/mailer';
import { useAdminTestApp } from './testing/admin-test-app';
import { noticeTemplate } from './claim-notice';
import { fileTestClaim, placeClaimAt } from './testing/claim-fixtures';

const env = useAdminTestApp(['reviewer']);
const reviewer = () => env.browser('reviewer');
beforeAll(async () => {
  // The case's copy of the deficiency notice (no other status has one).
  const english = env.app.claimsCase.definition.content.en as Record<string, string>;
  english.LocKey_Email_ClaimStatusDeficient_Subject = 'Claim {referenceCode} needs more';
  english.LocKey_Email_ClaimStatusDeficient_Body = 'Please send:\n{whatToSend}\nby {cureBy}.';
});

/** A quoted-printable part as text. */
function unquoted(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    ),
    'latin1',
  ).toString('utf8');
}

/** The text of the e-mails written so far, waiting up to 5 s for `count` of them. */
async function mails(count: number): Promise<string[]> {
  const folder = path.join(env.testApp.dataDir, MAIL_FOLDER);
  for (let waited = 0; ; waited += 50) {
    const files = await readdir(folder).catch(() => [] as string[]);
    const written = files.filter((file) => file.endsWith('.eml'));
    if (written.length >= count || waited >= 5000) {
      const texts = await Promise.all(
        written.map((file) => readFile(path.join(folder, file), 'utf8')),
      );
      return texts.map(unquoted);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the claimant's notice of a status change", () => {
  it('names the template of each status after it', () => {
    expect(noticeTemplate('in_review')).toBe('ClaimStatusInReview');
    expect(noticeTemplate('payment_returned')).toBe('ClaimStatusPaymentReturned');
  });

  it('is sent for a status whose copy the case has, with what to send', async () => {
    const claim = await fileTestClaim(env.app, { email: 'ana@example.com' });
    await placeClaimAt(env.app, claim.id, 'in_review');
    const reason = env.app.claimsCase.definition.lifecycle?.deficiencyReasons[0];

    const response = await reviewer().request({
      method: 'POST',
      url: claimTransitionsPath(claim.id),
      payload: {
        transition: 'mark_deficient',
        expectedStatus: 'in_review',
        reasonCodes: [reason?.code],
      },
    });

    expect(response.statusCode, response.body).toBe(200);
    const [mail] = await mails(1);
    expect(mail).toContain(`Claim ${claim.referenceCode} needs more`);
    expect(mail).toContain('To: ana@example.com');
    expect(mail).toContain(env.app.claimsCase.text('en', reason?.whatToSendKey as string));
  });

  it('is not sent for a status whose copy the case lacks', async () => {
    const claim = await fileTestClaim(env.app, { email: 'bo@example.com' });

    await reviewer().request({
      method: 'POST',
      url: claimTransitionsPath(claim.id),
      payload: { transition: 'start_review', expectedStatus: 'received' },
    });

    const counts = await env.app.jobs.counts();
    expect(counts.email).toMatchObject({ waiting: 0, active: 0 });
    expect((await mails(2)).filter((mail) => mail.includes('bo@example.com'))).toEqual([]);
  });
});
