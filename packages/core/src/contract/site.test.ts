import { describe, expect, it } from 'vitest';
import { parseCaseDefinition } from '../case/parse-case';
import { minimalCaseSource, minimalCaseWith, type Change } from '../case/test-helpers';
import {
  caseFileUrl,
  DEFAULT_SESSION_MINUTES,
  siteSettingsSchema,
  toSiteSettings,
  type SiteSettings,
} from './site';

function settingsOf(...changes: Change[]): SiteSettings {
  return toSiteSettings(parseCaseDefinition(minimalCaseWith(...changes)), { sessionMinutes: 30 });
}

describe('toSiteSettings', () => {
  it('answers the theme, the header and footer details and the pages of the case', () => {
    const source = minimalCaseSource();
    const settings = toSiteSettings(parseCaseDefinition(source), { sessionMinutes: 30 });
    expect(settings).toEqual({
      theme: 'jnd-7-0-default',
      administratorTitle: 'Example Claims Administrator',
      caseName: 'In re Example Litigation',
      caseNumber: 'Case No. 1:26-cv-00001',
      projectTitleKey: 'LocKey_Title',
      layoutVariant: 'logo-beside-title',
      headerVariant: 'standard',
      contact: {
        phone: '1-800-555-0100',
        email: 'info@example.org',
        mailingAddress: ['P.O. Box 1', 'Portland, OR 97208'],
      },
      privacyPolicyUrl: 'https://example.org/privacy',
      internationalAddressSupport: false,
      pages: parseCaseDefinition(source).pages,
      importantDocuments: [{ titleKey: 'LocKey_Notice', url: '/case-files/documents/notice.pdf' }],
      sessionMinutes: 30,
    });
  });

  it('leaves out the footer variant when the case does not pick one', () => {
    expect(settingsOf()).not.toHaveProperty('footerVariant');
  });

  it('passes on the header and footer variants the case picks', () => {
    const settings = settingsOf(
      [['details', 'headerVariant'], 'reduced'],
      [['details', 'footerVariant'], 'compact'],
    );
    expect(settings).toMatchObject({ headerVariant: 'reduced', footerVariant: 'compact' });
  });

  it('links the logo under the case files path with its alternative text key', () => {
    const settings = settingsOf([
      ['details', 'logo'],
      { path: 'images/logo.svg', altKey: 'LocKey_Title' },
    ]);
    expect(settings.logo).toEqual({ url: '/case-files/images/logo.svg', altKey: 'LocKey_Title' });
  });

  it('passes on the subtitle, banner, application settings and document descriptions', () => {
    const banner = {
      showBanner: true,
      headerKey: 'LocKey_Title',
      copyKeys: ['LocKey_Home', 'LocKey_Faq'],
    };
    const settings = settingsOf(
      [['details', 'projectSubtitleKey'], 'LocKey_Home'],
      [['banner'], banner],
      [['application'], { gnr2Gtag: 'GTM-1', analyticsTagId: 'G-ABC123' }],
      [['importantDocuments', 0, 'descriptionKey'], 'LocKey_Documents'],
    );
    expect(settings).toMatchObject({
      projectSubtitleKey: 'LocKey_Home',
      banner,
      gnr2Gtag: 'GTM-1',
      analyticsTagId: 'G-ABC123',
      importantDocuments: [
        {
          titleKey: 'LocKey_Notice',
          descriptionKey: 'LocKey_Documents',
          url: '/case-files/documents/notice.pdf',
        },
      ],
    });
  });

  it('answers the session length it is given, fractions included', () => {
    const caseDef = parseCaseDefinition(minimalCaseSource());
    expect(toSiteSettings(caseDef, { sessionMinutes: 0.5 }).sessionMinutes).toBe(0.5);
  });

  it('builds an answer the schema reads back unchanged', () => {
    const settings = settingsOf(
      [['details', 'footerVariant'], 'centered'],
      [['details', 'logo'], { path: 'logo.png', altKey: 'LocKey_Title' }],
    );
    expect(siteSettingsSchema.parse(JSON.parse(JSON.stringify(settings)))).toEqual(settings);
  });
});

describe('caseFileUrl', () => {
  it('encodes each segment of the path', () => {
    expect(caseFileUrl('documents/long form#1.pdf')).toBe(
      '/case-files/documents/long%20form%231.pdf',
    );
  });
});

describe('siteSettingsSchema', () => {
  const answer = () => JSON.parse(JSON.stringify(settingsOf())) as Record<string, unknown>;

  it('fills in the defaults of settings an answer leaves out', () => {
    const {
      layoutVariant: _layout,
      headerVariant: _header,
      internationalAddressSupport: _international,
      importantDocuments: _documents,
      sessionMinutes: _minutes,
      ...rest
    } = answer();
    expect(siteSettingsSchema.parse(rest)).toMatchObject({
      layoutVariant: 'logo-beside-title',
      headerVariant: 'standard',
      internationalAddressSupport: false,
      importantDocuments: [],
      sessionMinutes: DEFAULT_SESSION_MINUTES,
    });
  });

  it('accepts a theme it does not know, so the site can show a configuration error', () => {
    expect(siteSettingsSchema.parse({ ...answer(), theme: 'jnd-8-0-sparkle' }).theme).toBe(
      'jnd-8-0-sparkle',
    );
  });

  it('refuses a header variant other than standard and reduced', () => {
    const result = siteSettingsSchema.safeParse({ ...answer(), headerVariant: 'minimal' });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['headerVariant']]);
  });

  it('refuses a footer variant other than the three footers', () => {
    const result = siteSettingsSchema.safeParse({ ...answer(), footerVariant: 'wide' });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['footerVariant']]);
  });

  it.each([0, -5, 24 * 60 + 1])('refuses a session length of %s minutes', (minutes) => {
    const result = siteSettingsSchema.safeParse({ ...answer(), sessionMinutes: minutes });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([['sessionMinutes']]);
  });

  it('refuses a document link that leaves for another site through "//"', () => {
    const result = siteSettingsSchema.safeParse({
      ...answer(),
      importantDocuments: [{ titleKey: 'LocKey_Notice', url: '//evil.example/notice.pdf' }],
    });
    expect(result.success).toBe(false);
  });
});
