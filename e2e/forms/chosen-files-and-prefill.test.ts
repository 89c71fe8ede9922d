import { formatMessage } from '@claims/core/rules/messages';
import { describe, expect, inject, it } from 'vitest';
import { useBrowser, type BrowserSession } from '../support/browser';
import { cultureTexts } from '../support/content';
import type { UploadFile } from '../support/files';
import { FormDriver } from '../support/form-driver';
import { authorizeStandard, DEMO, followInApp, K } from '../support/journeys';

/** A phone: 390 × 844 CSS px, touch, device scale 3. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

async function driver(session: BrowserSession, culture = 'en'): Promise<FormDriver> {
  return new FormDriver(session.page, await cultureTexts(inject('baseUrl'), culture));
}

/** Signs in to the Standard form as a class member: claimant-info, prefilled from the class list. */
async function signInStandard(
  form: FormDriver,
  member: { noticeId: string; pin: string },
): Promise<void> {
  await form.page.goto(`/standard?culture=${form.texts.culture}`);
  await form.expectPage(K.standardLanding);
  await authorizeStandard(form, member.noticeId, member.pin);
}

describe('a document checked the moment it is chosen', () => {
  const session = useBrowser({ sharedContext: true });
  /**
   * A class member no other browser test signs in as (cases/demo/class-list.csv): these tests
   * leave the form on its documents page, and the draft kept there would open another test's
   * sign-in on that page.
   */
  const member = { noticeId: 'NW48047379', pin: '952647' };

  const refusals: [string, UploadFile, string][] = [
    [
      'a file over 10 MB',
      { name: 'scan.pdf', mimeType: 'application/pdf', buffer: tooLargePdf() },
      'LocKey_Documents_TooLarge',
    ],
    [
      'a text file renamed .pdf',
      { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Receipt: $40\n') },
      'LocKey_Documents_NotAllowedType',
    ],
    [
      'a phone’s HEIC photo',
      { name: 'photo.heic', mimeType: 'image/heic', buffer: heicPhoto() },
      'LocKey_Documents_HeicPhoto',
    ],
  ];

  it.each(refusals)('refuses %s with a message naming it', async (_what, file, key) => {
    const form = await driver(session);
    if (!session.page.url().includes('/supporting-documents')) {
      await signInStandard(form, member);
      await followInApp(session.page, '/standard/supporting-documents');
      await form.expectPage(K.supportingDocuments);
    }
    await form.attach(K.document, file);
    const expected = formatMessage(form.t(key), { name: file.name, max: '10 MB' });
    await expect.poll(() => form.fieldError(K.document)).toBe(expected);
  });
});

describe('contact details the class list gave', () => {
  const session = useBrowser();
  /** A class member of its own: these tests leave drafts on the first two pages. */
  const member = { noticeId: 'NW48803212', pin: '515577' };

  it('need no confirmation while they are kept', async () => {
    const form = await driver(session);
    await signInStandard(form, member);
    await expect.poll(() => form.field(K.email).inputValue()).toContain('@example.');
    expect(await form.field(K.confirmEmail).count()).toBe(0);
    expect(await form.field(K.confirmPhone).count()).toBe(0);
    await form.advance(K.next, K.claimDetails);
  });

  it('are asked to be confirmed once changed', async () => {
    const form = await driver(session, 'es');
    await signInStandard(form, member);
    await form.type(K.email, 'james.new@example.com');
    await form.pressExpectingErrors(K.next);
    expect(await form.fieldError(K.confirmEmail)).not.toBe('');
    expect(await form.field(K.confirmPhone).count()).toBe(0);
  });
});

describe('an eligible VIN Lookup answer', () => {
  const session = useBrowser();

  it('leads to the Automotive sign-in with the VIN filled in', async () => {
    const form = await driver(session);
    await session.page.goto('/lookup');
    await form.expectPage(K.lookupTitle);
    await form.type(K.vin, DEMO.automotiveVins[0]);
    await form.button(K.lookup).click();
    await session.page.getByRole('link', { name: form.t('LocKey_Lookup_FileClaim') }).click();
    await form.expectPage(K.automotiveLanding);
    expect(await form.field(K.vin).inputValue()).toBe(DEMO.automotiveVins[0]);
  });
});

describe('the sign-in on a phone', () => {
  const session = useBrowser({ contextOptions: PHONE });

  it.each([
    ['/', 'en', K.automotiveLanding, K.vin],
    ['/', 'es', K.automotiveLanding, K.vin],
    ['/standard', 'en', K.standardLanding, K.noticeId],
    ['/standard', 'es', K.standardLanding, K.noticeId],
  ])(
    'shows the heading and first field of %s in %s within the first screen',
    async (path, culture, title, field) => {
      const form = await driver(session, culture);
      await session.page.goto(`${path}?culture=${culture}`);
      await form.expectPage(title);
      for (const target of [form.heading(), form.field(field)]) {
        const box = await target.boundingBox();
        expect(
          box,
          `${path}: ${await target.evaluate((node) => node.outerHTML.slice(0, 80))}`,
        ).not.toBeNull();
        expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.viewport.height);
      }
    },
  );
});

/** A PDF a byte over the 10 MB a document may be. */
function tooLargePdf(): Buffer {
  const buffer = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
  buffer.write('%PDF-1.4\n', 0, 'latin1');
  return buffer;
}

/** The start of an iPhone photo: an ftyp box of the "heic" brand, then a little of its data. */
function heicPhoto(): Buffer {
  const box = Buffer.alloc(24);
  box.writeUInt32BE(24, 0);
  box.write('ftypheic', 4, 'latin1');
  box.write('mif1heic', 16, 'latin1');
  return Buffer.concat([box, Buffer.alloc(512, 0x11)]);
}
