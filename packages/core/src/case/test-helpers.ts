import { lifecycleSettingsSource } from '../lifecycle/test-helpers';
import { REQUIRED_CONTENT_KEYS } from './content-keys';
import { CaseDefinitionError, parseCaseDefinition } from './parse-case';

/** Copy for every key the site needs, in a culture: the key itself, tagged with the culture. */
function requiredContent(culture: string): Record<string, string> {
  return Object.fromEntries(REQUIRED_CONTENT_KEYS.map((key) => [key, `${key} (${culture})`]));
}

const CASE_CONTENT_KEYS = [
  'LocKey_Title',
  'LocKey_Home',
  'LocKey_Dates',
  'LocKey_Filing',
  'LocKey_Documents',
  'LocKey_Faq',
  'LocKey_Q',
  'LocKey_A',
  'LocKey_Notice',
  'LocKey_NoticeId',
  'LocKey_Pin',
  'LocKey_DocumentType',
  'LocKey_File',
  'LocKey_Receipt',
  'LocKey_Other',
];

function content(culture: string): Record<string, string> {
  return {
    ...requiredContent(culture),
    ...Object.fromEntries(CASE_CONTENT_KEYS.map((key) => [key, `${key} (${culture})`])),
  };
}

/**
 * The smallest case definition that parses, as the server hands it to parseCaseDefinition
 * (YAML plus the content of each culture). Each call returns a fresh object.
 */
export function minimalCaseSource(): Record<string, unknown> {
  return {
    details: {
      administratorTitle: 'Example Claims Administrator',
      caseName: 'In re Example Litigation',
      caseNumber: 'Case No. 1:26-cv-00001',
      projectTitleKey: 'LocKey_Title',
      contact: {
        phone: '1-800-555-0100',
        email: 'info@example.org',
        mailingAddress: ['P.O. Box 1', 'Portland, OR 97208'],
      },
      privacyPolicyUrl: 'https://example.org/privacy',
    },
    cultures: {
      enabled: { en: { name: 'English' }, es: { name: 'Español' } },
    },
    content: { en: content('en'), es: content('es') },
    deadlines: {
      projectTimeZone: 'Pacific Standard Time',
      claimFilingDeadline: { deadline: '06/30/2028', timeZone: 'Pacific Standard Time' },
    },
    characterWhitelist: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,-',
    pages: {
      home: { titleKey: 'LocKey_Home' },
      keyDates: {
        titleKey: 'LocKey_Dates',
        dates: [{ labelKey: 'LocKey_Filing', deadline: 'claimFilingDeadline' }],
      },
      importantDocuments: { titleKey: 'LocKey_Documents' },
      faq: { titleKey: 'LocKey_Faq', items: [{ questionKey: 'LocKey_Q', answerKey: 'LocKey_A' }] },
    },
    importantDocuments: [{ titleKey: 'LocKey_Notice', path: 'documents/notice.pdf' }],
    forms: {
      Standard: [
        {
          metadata: { dtoMapping: 'Credentials' },
          fields: [
            { key: 'noticeId', label: 'LocKey_NoticeId', validations: [{ type: 'required' }] },
            { key: 'pin', label: 'LocKey_Pin', validations: [{ type: 'required' }] },
          ],
        },
        {
          metadata: { dtoMapping: 'DocumentContexts' },
          fields: [
            {
              key: 'documentType',
              kind: 'select',
              label: 'LocKey_DocumentType',
              options: [
                { value: 'Receipt', label: 'LocKey_Receipt' },
                { value: 'Other', label: 'LocKey_Other' },
              ],
            },
            { key: 'document', kind: 'file', label: 'LocKey_File' },
          ],
        },
      ],
    },
  };
}

export type Change = readonly [path: readonly (string | number)[], value: unknown];

/**
 * The minimal case with each value at `path` replaced (or removed, for undefined). Missing
 * containers on the way are created.
 */
export function minimalCaseWith(...changes: Change[]): Record<string, unknown> {
  const source = minimalCaseSource();
  for (const [path, value] of changes) {
    let container: Record<string | number, unknown> = source;
    path.slice(0, -1).forEach((segment, index) => {
      const next = container[segment];
      if (typeof next === 'object' && next !== null) {
        container = next as Record<string | number, unknown>;
      } else {
        const created = typeof path[index + 1] === 'number' ? [] : {};
        container[segment] = created;
        container = created as Record<string | number, unknown>;
      }
    });
    const last = path[path.length - 1] as string | number;
    if (value === undefined && Array.isArray(container)) container.splice(Number(last), 1);
    else if (value === undefined) delete container[last];
    else container[last] = value;
  }
  return source;
}

/**
 * Changes that give the minimal case the lifecycle settings of lifecycle/test-helpers.ts and a
 * text in each culture for every content key they name.
 */
export function withLifecycle(): Change[] {
  const settings = lifecycleSettingsSource();
  const reasons = [
    ...(settings.deficiencyReasons as Record<string, string>[]),
    ...(settings.denialReasons as Record<string, string>[]),
  ];
  const keys = reasons.flatMap((reason) =>
    [reason.labelKey, reason.whatToSendKey].filter((key) => key !== undefined),
  );
  return [
    [['lifecycle'], settings],
    ...['en', 'es'].flatMap((culture) =>
      keys.map((key): Change => [['content', culture, key], `${key} (${culture})`]),
    ),
  ];
}

/** Where the minimal case lists its Credentials and DocumentContexts models. */
export const CREDENTIALS = ['forms', 'Standard', 0] as const;
export const DOCUMENTS = ['forms', 'Standard', 1] as const;

/** The problems parseCaseDefinition reports for the minimal case with `changes`; [] if none. */
export function problemsOf(...changes: Change[]): string[] {
  try {
    parseCaseDefinition(minimalCaseWith(...changes));
  } catch (error) {
    if (error instanceof CaseDefinitionError) return [...error.problems];
    throw error;
  }
  return [];
}

/** A change that sets field `index` of the Credentials model. */
export function credentialField(index: number, field: unknown): Change {
  return [[...CREDENTIALS, 'fields', index], field];
}
