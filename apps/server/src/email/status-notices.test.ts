import { setTimeout as delay } from 'node:timers/promises';
import { claimTransitionsPath } from '@claims/core/admin/admin-api';
import { afterAll, describe, expect, it } from 'vitest';
import { SmtpSink, type ReceivedMail } from '../../test-fakes/smtp-sink';
import { useAdminTestApp } from '../admin/claims/testing/admin-test-app';
import { fileTestClaim, placeClaimAt } from '../admin/claims/testing/claim-fixtures';

/**
 * The demo case's notices of status changes (admin/claims/claim-notice.ts), as the claimant
 * receives them: deficient, denied and approved, each once, in the culture the claim was filed in.
 */

const sink = await SmtpSink.start();
const env = useAdminTestApp(['reviewer'], {
  env: { SMTP_URL: sink.url, MAIL_FROM: 'Claims Desk <claims@example.org>' },
});
afterAll(async () => sink.close());

const lifecycle = () => env.app.claimsCase.definition.lifecycle!;

async function claimAt(email: string, culture: 'en' | 'es') {
  const claim = await fileTestClaim(env.app, { email });
  await placeClaimAt(env.app, claim.id, 'in_review');
  await env.app.db.updateTable('claims').set({ culture }).where('id', '=', claim.id).execute();
  return claim;
}

async function transition(claimId: string, transition: string, reasonCodes?: string[]) {
  const response = await env.browser('reviewer').request({
    method: 'POST',
    url: claimTransitionsPath(claimId),
    payload: { transition, expectedStatus: 'in_review', ...(reasonCodes && { reasonCodes }) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** The messages to `address`, once the first has arrived and the queue has settled. */
async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const to = () => sink.received.filter((mail) => mail.rcptTo.includes(address));
  for (let waited = 0; to().length === 0 && waited < 15_000; waited += 25) await delay(25);
  await delay(300);
  return to();
}

describe('the notices of status changes the demo case sends', () => {
  it('tells an English claimant once what is missing and what to send', async () => {
    const claim = await claimAt('deficient.en@example.com', 'en');
    const reason = lifecycle().deficiencyReasons[0]!;
    await transition(claim.id, 'mark_deficient', [reason.code]);
    const mails = await mailsTo('deficient.en@example.com');
    expect(mails).toHaveLength(1);
    const { message } = mails[0]!;
    expect(message.subject).toBe(`Claim ${claim.referenceCode}: more information needed`);
    expect(message.text).toContain(env.app.claimsCase.text('en', reason.labelKey));
    expect(message.text).toContain(env.app.claimsCase.text('en', reason.whatToSendKey));
  });

  it('writes to a Spanish claimant in Spanish', async () => {
    const claim = await claimAt('deficient.es@example.com', 'es');
    const reason = lifecycle().deficiencyReasons[0]!;
    await transition(claim.id, 'mark_deficient', [reason.code]);
    const [mail] = await mailsTo('deficient.es@example.com');
    expect(mail?.message.subject).toBe(
      `Reclamación ${claim.referenceCode}: se necesita más información`,
    );
    expect(mail?.message.text).toContain(env.app.claimsCase.text('es', reason.whatToSendKey));
  });

  it('tells a denied claimant why, and until when an appeal is open', async () => {
    const claim = await claimAt('denied@example.com', 'en');
    const reason = lifecycle().denialReasons[0]!;
    await transition(claim.id, 'deny', [reason.code]);
    const mails = await mailsTo('denied@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.subject).toBe(`Claim ${claim.referenceCode} was denied`);
    expect(mails[0]!.message.text).toContain(env.app.claimsCase.text('en', reason.labelKey));
    expect(mails[0]!.message.text).toMatch(/You may appeal this decision until \w+ \d+, \d{4}\./);
  });

  it('tells an approved claimant, in Spanish, once', async () => {
    const claim = await claimAt('approved.es@example.com', 'es');
    await transition(claim.id, 'approve');
    const mails = await mailsTo('approved.es@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.subject).toBe(`La reclamación ${claim.referenceCode} fue aprobada`);
  });
});
