/**
 * The columns the queue searches and shows, derived once from what a claim was filed with
 * (its identity, its models and the data the class list or vehicle list prepopulated), so a
 * search is a lookup of plain columns rather than a scan of JSON documents. Written at filing
 * (services/claims-store.ts) and, for claims filed before the lifecycle, by its migration.
 */

export interface FiledClaim {
  identity: unknown;
  models: unknown;
  prepopulatedData: unknown;
}

export interface ClaimSearchColumns {
  claimant_name: string | null;
  search_name: string | null;
  search_email: string | null;
  search_notice_id: string | null;
  search_vin: string | null;
}

/**
 * Text as a name search compares it: lower case, accents removed, every run of characters
 * other than letters and digits one space ("O'Neil-Núñez" → "o neil nunez").
 */
export function searchableName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** An identifier (Notice ID, VIN) as a search compares it: upper case, without spaces. */
export function searchableId(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The fields of the single model of a part, e.g. models.claimantInfo.fields. */
function modelFields(models: unknown, part: string): Record<string, unknown> {
  return record(record(record(models)[part]).fields);
}

export function claimSearchColumns(claim: FiledClaim): ClaimSearchColumns {
  const identity = record(claim.identity);
  const info = modelFields(claim.models, 'claimantInfo');
  const details = modelFields(claim.models, 'claimDetails');
  const prepopulated = record(claim.prepopulatedData);
  const pick = (key: string) => text(info[key]) ?? text(prepopulated[key]);
  const name = [pick('firstName'), pick('lastName')].filter((part) => part !== null).join(' ');
  const email = pick('emailAddress');
  const noticeId = identity.kind === 'classMember' ? text(identity.noticeId) : null;
  const vin = (identity.kind === 'vehicle' ? text(identity.vin) : null) ?? text(details.vin);
  return {
    claimant_name: name === '' ? null : name,
    search_name: name === '' ? null : searchableName(name),
    search_email: email === null ? null : email.toLowerCase(),
    search_notice_id: noticeId === null ? null : searchableId(noticeId),
    search_vin: vin === null ? null : searchableId(vin),
  };
}
