import type { ClaimField, ClaimSection } from '@claims/core/admin/admin-api';
import {
  NONE_OPTION_VALUE,
  type FieldConfig,
  type RemoteModelConfig,
} from '@claims/core/case/field-config';
import { PART_DTO_MAPPINGS } from '@claims/core/contract/submission-parts';
import type { DtoMapping, FormType } from '@claims/core/form-types';
import type { ClaimsCase } from '../../case/claims-case';
import type { StoredModel } from '../../services/submission-check';

/**
 * A claim's submitted models as a person reads them: a section per model in the form's order,
 * each field with its label from the case and its value in words, in the case's default
 * culture. Hidden fields are left out; the credentials (the PIN) are never stored with a claim.
 */

/** The parts of a stored claim, in the order the form asks them. */
const PARTS = [
  'claimantInfo',
  'claimDetails',
  'claimTransactions',
  'documentContexts',
  'signature',
] as const;

/** Titles for parts the case has no page title for. */
const PART_TITLES: Readonly<Record<DtoMapping, string>> = {
  Credentials: 'Credentials',
  ClaimantInfo: 'Claimant information',
  ClaimDetails: 'Claim details',
  Signature: 'Signature',
  DocumentContexts: 'Document',
  ClaimTransactions: 'Transaction',
  PrepopulatedData: 'Prepopulated data',
};

export class ClaimReader {
  constructor(private readonly claimsCase: ClaimsCase) {}

  /** The copy of a content key in the default culture; the key itself when it has none. */
  text(key: string): string {
    return this.claimsCase.text(this.claimsCase.defaultCulture, key) ?? key;
  }

  private config(formType: FormType, dtoMapping: DtoMapping, model: StoredModel) {
    return (
      this.claimsCase.remoteModelConfigs.find(
        (config) => config.metadataHash === model.metadataHash,
      ) ?? this.claimsCase.modelConfig(formType, dtoMapping)
    );
  }

  /** The value in words: a choice's label, yes or no, a file's name; null when empty. */
  value(field: FieldConfig | undefined, raw: unknown): string | null {
    if (raw === null || raw === undefined || raw === '') return null;
    if (typeof raw === 'boolean') return raw ? 'Yes' : 'No';
    if (typeof raw === 'object') {
      const name = (raw as { name?: unknown }).name;
      return typeof name === 'string' ? name : JSON.stringify(raw);
    }
    const value = String(raw);
    if (field === undefined) return value;
    if (value === NONE_OPTION_VALUE && field.noneOption !== undefined) {
      return this.text(field.noneOption.label);
    }
    const option = field.options?.find((candidate) => candidate.value === value);
    return option === undefined ? value : this.text(option.label);
  }

  private fields(config: RemoteModelConfig | undefined, model: StoredModel): ClaimField[] {
    const configured = Object.values(config?.fields ?? {});
    const known = new Set(configured.map((field) => field.key));
    const fields: ClaimField[] = configured
      .filter((field) => field.kind !== 'hidden' && field.key in model.fields)
      .map((field) => ({
        name: field.key,
        label: field.label === '' ? field.key : this.text(field.label),
        value: this.value(field, model.fields[field.key]),
      }));
    for (const [name, raw] of Object.entries(model.fields)) {
      if (!known.has(name)) fields.push({ name, label: name, value: this.value(undefined, raw) });
    }
    return fields;
  }

  sections(formType: FormType, models: Record<string, unknown>): ClaimSection[] {
    return PARTS.flatMap((part) => {
      const dtoMapping = PART_DTO_MAPPINGS[part];
      const stored = models[part];
      const list = (Array.isArray(stored) ? stored : stored ? [stored] : []) as StoredModel[];
      const title =
        this.claimsCase.text(this.claimsCase.defaultCulture, `LocKey_Page_${dtoMapping}_Title`) ??
        PART_TITLES[dtoMapping];
      return list.map((model, index) => ({
        part: dtoMapping,
        title: list.length > 1 ? `${title} ${index + 1}` : title,
        fields: this.fields(this.config(formType, dtoMapping, model), model),
      }));
    });
  }

  /** The label of a document context's document type, e.g. "Repair invoice"; null when none. */
  documentContextLabel(formType: FormType, context: StoredModel | undefined): string | null {
    if (context === undefined) return null;
    const field = this.config(formType, 'DocumentContexts', context)?.fields.documentType;
    return this.value(field, context.fields.documentType);
  }
}
