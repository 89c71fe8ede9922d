import { siteSettingsSchema, type SiteSettings } from '@claims/core/contract/site';

/** A complete GET /api/site answer for tests, parsed so it always matches the schema. */
export function siteFixture(
  overrides: Partial<Record<keyof SiteSettings, unknown>> = {},
): SiteSettings {
  return siteSettingsSchema.parse({
    theme: 'jnd-7-0-default',
    administratorTitle: 'Settlement Administrator',
    caseName: 'In re Brake Assembly Litigation',
    caseNumber: 'Case No. 3:24-cv-01234',
    projectTitleKey: 'LocKey_Project_Title',
    projectSubtitleKey: 'LocKey_Project_Subtitle',
    layoutVariant: 'logo-beside-title',
    contact: {
      phone: '1-800-555-0100',
      email: 'info@example-settlement.com',
      mailingAddress: ['Brake Settlement Administrator', 'PO Box 1234', 'Portland, OR 97208'],
    },
    privacyPolicyUrl: '/privacy',
    banner: {
      showBanner: false,
      headerKey: 'LocKey_Banner_Header',
      copyKeys: ['LocKey_Banner_Copy1', 'LocKey_Banner_Copy2'],
    },
    pages: {
      home: { titleKey: 'LocKey_Home_Title', sections: [] },
      keyDates: {
        titleKey: 'LocKey_KeyDates_Title',
        sections: [],
        dates: [
          { labelKey: 'LocKey_KeyDates_ClaimDeadline', deadline: 'automotiveFilingDeadline' },
          { labelKey: 'LocKey_KeyDates_Hearing', valueKey: 'LocKey_KeyDates_Hearing_Date' },
        ],
      },
      importantDocuments: { titleKey: 'LocKey_Documents_Title', sections: [] },
      faq: {
        titleKey: 'LocKey_Faq_Title',
        sections: [],
        items: [{ questionKey: 'LocKey_Faq_Q1', answerKey: 'LocKey_Faq_A1' }],
      },
    },
    importantDocuments: [
      { titleKey: 'LocKey_Documents_Notice', url: '/documents/files/notice.pdf' },
    ],
    ...overrides,
  });
}

/** Content keys of the fixture with their English and Spanish texts. */
export const FIXTURE_CONTENT: Readonly<Record<'en' | 'es', Record<string, string>>> = {
  en: {
    LocKey_Project_Title: 'Brake Assembly Settlement',
    LocKey_Project_Subtitle: 'Official claims website',
    LocKey_Banner_Header: 'Claims are now open',
    LocKey_Banner_Copy1: 'File by the deadline.',
    LocKey_Banner_Copy2: 'Questions? Call us.',
    LocKey_KeyDates_Title: 'Key Dates',
    LocKey_KeyDates_ClaimDeadline: 'Claim filing deadline',
    LocKey_KeyDates_Hearing: 'Final approval hearing',
    LocKey_KeyDates_Hearing_Date: 'June 1, 2027',
    LocKey_Documents_Title: 'Important Documents',
    LocKey_Documents_Notice: 'Long-form notice',
    LocKey_Faq_Title: 'Frequently Asked Questions',
    LocKey_Faq_Q1: 'Who is a class member?',
    LocKey_Faq_A1: 'Owners of <strong>eligible</strong> vehicles.',
    LocKey_Header_FileClaim: 'File a Claim',
  },
  es: {
    LocKey_Project_Title: 'Acuerdo de Frenos',
    LocKey_Project_Subtitle: 'Sitio oficial de reclamaciones',
    LocKey_Banner_Header: 'Las reclamaciones están abiertas',
    LocKey_Banner_Copy1: 'Presente antes de la fecha límite.',
    LocKey_Banner_Copy2: '¿Preguntas? Llámenos.',
    LocKey_KeyDates_Title: 'Fechas clave',
    LocKey_KeyDates_ClaimDeadline: 'Fecha límite para presentar reclamaciones',
    LocKey_KeyDates_Hearing: 'Audiencia de aprobación final',
    LocKey_KeyDates_Hearing_Date: '1 de junio de 2027',
    LocKey_Documents_Title: 'Documentos importantes',
    LocKey_Documents_Notice: 'Aviso completo',
    LocKey_Faq_Title: 'Preguntas frecuentes',
    LocKey_Faq_Q1: '¿Quién es miembro del grupo?',
    LocKey_Faq_A1: 'Propietarios de vehículos <strong>elegibles</strong>.',
    LocKey_Header_FileClaim: 'Presentar una reclamación',
  },
};
