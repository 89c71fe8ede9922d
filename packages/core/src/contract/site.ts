import { z } from 'zod';
import {
  bannerSchema,
  contentKeySchema,
  FOOTER_VARIANTS,
  HEADER_VARIANTS,
  LAYOUT_VARIANTS,
  pagesSchema,
  type CaseDefinition,
} from '../case/case-schema';
import { redirectUrlSchema } from '../deadlines/deadlines';

/**
 * GET /api/site: the case-level settings the site needs beyond the calls of docs/behaviour.md#api:
 * the application settings of docs/behaviour.md#application-state (theme, Gnr2Gtag, analytics tag
 * id), the header and footer details of docs/behaviour.md#header, the banner, the copy of the
 * header-link pages and the session length. The server answers toSiteSettings of its case; the
 * browser parses the answer with siteSettingsSchema. Text a claimant reads is a content key of GET
 * /api/culture/content; names and numbers are plain text.
 */
export const SITE_PATH = '/api/site';

/** Where the server serves the case's logo and important documents. */
export const CASE_FILES_PREFIX = '/case-files/';

/**
 * docs/behaviour.md#sessions: minSessionDuration 30, in minutes (docs/architecture.md#sessions).
 */
export const DEFAULT_SESSION_MINUTES = 30;
/** The longest idle session the site offers: a day. */
export const MAX_SESSION_MINUTES = 24 * 60;

const text = z.string().trim().min(1);

export type BannerConfig = z.infer<typeof bannerSchema>;
export type SitePages = z.infer<typeof pagesSchema>;

// The /* @__PURE__ */ marks tell a bundler that building these schemas has no side effect, so
// the browser, which only needs SITE_PATH and the types from here, ships without zod.
export const importantDocumentLinkSchema = z.object({
  titleKey: contentKeySchema,
  descriptionKey: /* @__PURE__ */ contentKeySchema.optional(),
  /** Where the server serves the document. */
  url: redirectUrlSchema,
});
export type ImportantDocumentLink = z.infer<typeof importantDocumentLinkSchema>;

export const siteSettingsSchema = z.object({
  /** Any text: the theme loader shows a configuration error page for a name it does not know. */
  theme: z.string(),
  gnr2Gtag: /* @__PURE__ */ text.optional(),
  analyticsTagId: /* @__PURE__ */ text.optional(),
  administratorTitle: text,
  caseName: text,
  caseNumber: text,
  projectTitleKey: contentKeySchema,
  projectSubtitleKey: /* @__PURE__ */ contentKeySchema.optional(),
  logo: z.object({ url: redirectUrlSchema, altKey: contentKeySchema }).optional(),
  layoutVariant: z.enum(LAYOUT_VARIANTS).default('logo-beside-title'),
  headerVariant: z.enum(HEADER_VARIANTS).default('standard'),
  /** Absent: the theme's own footer. */
  footerVariant: z.enum(FOOTER_VARIANTS).optional(),
  contact: z.object({
    phone: text,
    email: text,
    mailingAddress: z.array(text).min(1),
  }),
  privacyPolicyUrl: redirectUrlSchema,
  banner: /* @__PURE__ */ bannerSchema.optional(),
  internationalAddressSupport: z.boolean().default(false),
  pages: pagesSchema,
  importantDocuments: z.array(importantDocumentLinkSchema).default([]),
  /**
   * Minutes of inactivity before the session ends (client.minSessionDuration); the server's
   * idle expiry uses the same value. Fractions are allowed, so a test server may shorten it.
   */
  sessionMinutes: z.number().positive().max(MAX_SESSION_MINUTES).default(DEFAULT_SESSION_MINUTES),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** The URL a file of the case folder (a path such as documents/notice.pdf) is served at. */
export function caseFileUrl(relative: string): string {
  return CASE_FILES_PREFIX + relative.split('/').map(encodeURIComponent).join('/');
}

export interface SiteSettingsOptions {
  /** The server's idle session length in minutes. */
  sessionMinutes: number;
}

/** GET /api/site of a case. Optional settings the case leaves out stay out of the answer. */
export function toSiteSettings(
  caseDef: CaseDefinition,
  options: SiteSettingsOptions,
): SiteSettings {
  const { details, application } = caseDef;
  return {
    theme: caseDef.theme,
    ...application,
    administratorTitle: details.administratorTitle,
    caseName: details.caseName,
    caseNumber: details.caseNumber,
    projectTitleKey: details.projectTitleKey,
    ...(details.projectSubtitleKey === undefined
      ? {}
      : { projectSubtitleKey: details.projectSubtitleKey }),
    ...(details.logo === undefined
      ? {}
      : { logo: { url: caseFileUrl(details.logo.path), altKey: details.logo.altKey } }),
    layoutVariant: details.layoutVariant,
    headerVariant: details.headerVariant,
    ...(details.footerVariant === undefined ? {} : { footerVariant: details.footerVariant }),
    contact: details.contact,
    privacyPolicyUrl: details.privacyPolicyUrl,
    ...(caseDef.banner === undefined ? {} : { banner: caseDef.banner }),
    internationalAddressSupport: caseDef.internationalAddressSupport,
    pages: caseDef.pages,
    importantDocuments: caseDef.importantDocuments.map((document) => ({
      titleKey: document.titleKey,
      ...(document.descriptionKey === undefined ? {} : { descriptionKey: document.descriptionKey }),
      url: caseFileUrl(document.path),
    })),
    sessionMinutes: options.sessionMinutes,
  };
}
