import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseWithReceiptCopy } from '../../test-fakes/email-copy';
import type { ClaimsCase } from '../case/claims-case';
import { composeEmail, htmlFromText, parseMailFrom } from './compose-email';

let loaded: Awaited<ReturnType<typeof caseWithReceiptCopy>>;
let claimsCase: ClaimsCase;

beforeAll(async () => {
  loaded = await caseWithReceiptCopy();
  claimsCase = loaded.claimsCase;
});
afterAll(async () => loaded.close());

const from = { address: 'claims@example.org' };

describe('composing an e-mail from the case copy', () => {
  it('fills the copy of the culture into the subject and the text', () => {
    const email = composeEmail(claimsCase, from, {
      template: 'Receipt',
      to: 'ana@example.org',
      culture: 'es',
      params: { referenceCode: '5BC-GBAA-68SW', firstName: 'Ana' },
    });
    expect(email.subject).toBe('Reclamación 5BC-GBAA-68SW recibida');
    expect(email.text).toBe(
      'Estimado/a Ana:\n\nHemos recibido la reclamación 5BC-GBAA-68SW.\nGuarde este código <seguro> & a mano.\n\nEl Administrador del Acuerdo',
    );
    expect(email.culture).toBe('es');
    expect(email.to).toBe('ana@example.org');
  });

  it('escapes the markup of the copy and of the values in the HTML part', () => {
    const email = composeEmail(claimsCase, from, {
      template: 'Receipt',
      to: 'ana@example.org',
      culture: 'en',
      params: { referenceCode: 'X', firstName: '<img src=x onerror=alert(1)>' },
    });
    expect(email.html).toContain('<p>Dear &lt;img src=x onerror=alert(1)&gt;,</p>');
    expect(email.html).toContain(
      '<p>We received claim X.<br>\nKeep this code &lt;safe&gt; &amp; at hand.</p>',
    );
    expect(email.html).not.toContain('<img');
    expect(email.html).toContain('<html lang="en">');
  });

  it('sends from MAIL_FROM under the case title of the culture unless MAIL_FROM names itself', () => {
    const request = { template: 'Receipt', to: 'ana@example.org', culture: 'es' };
    expect(composeEmail(claimsCase, from, request).from).toEqual({
      address: 'claims@example.org',
      name: claimsCase.text('es', 'LocKey_Case_ProjectTitle'),
    });
    expect(
      composeEmail(claimsCase, { address: 'claims@example.org', name: 'Claims Desk' }, request)
        .from,
    ).toEqual({ address: 'claims@example.org', name: 'Claims Desk' });
  });

  it('writes a culture the case does not enable in its default culture', () => {
    const email = composeEmail(claimsCase, from, {
      template: 'Receipt',
      to: 'ana@example.org',
      culture: 'fr',
      params: { referenceCode: 'X' },
    });
    expect(email.culture).toBe(claimsCase.defaultCulture);
    expect(email.subject).toBe('Claim X received');
  });

  it('refuses a template the case has no copy for, naming the missing key', () => {
    expect(() =>
      composeEmail(claimsCase, from, {
        template: 'Reminder',
        to: 'ana@example.org',
        culture: 'es',
      }),
    ).toThrow('the case has no copy for LocKey_Email_Reminder_Subject in "es"');
  });

  it('refuses a recipient that is not one address', () => {
    expect(() =>
      composeEmail(claimsCase, from, {
        template: 'Receipt',
        to: 'ana@example.org, eve@example.org',
        culture: 'en',
      }),
    ).toThrow('is not one e-mail address');
  });

  it('keeps paragraphs and line breaks of the text in the HTML part', () => {
    expect(htmlFromText('one\ntwo\n\n\nthree', 'Subject', 'en')).toContain(
      '<p>one<br>\ntwo</p>\n<p>three</p>',
    );
  });
});

describe('MAIL_FROM', () => {
  it('reads an address with or without a display name', () => {
    expect(parseMailFrom('claims@example.org')).toEqual({ address: 'claims@example.org' });
    expect(parseMailFrom('Claims Desk <claims@example.org>')).toEqual({
      address: 'claims@example.org',
      name: 'Claims Desk',
    });
    expect(parseMailFrom('"Desk, Claims" <claims@example.org>')).toEqual({
      address: 'claims@example.org',
      name: 'Desk, Claims',
    });
  });

  it('is not an address without a domain, or with two addresses', () => {
    expect(parseMailFrom('claims')).toBeUndefined();
    expect(parseMailFrom('a@example.org, b@example.org')).toBeUndefined();
  });
});
