import { createHash } from 'node:crypto';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import {
  fileValueSchema,
  type FileValue,
  type FormModel,
  type SubmissionFields,
} from '@claims/core/contract/submission';
import type { DtoMapping, SubmittableFormType } from '@claims/core/form-types';
import type { ModelSelector } from '@claims/core/rules/engine';
import { toCamelCase } from '@claims/core/text/camel-case';
import type { ClaimsCase } from '../case/claims-case';
import type { AuthorizedIdentity, FormAuthorization } from '../plugins/session';
import { checkModel, describeProblems } from './model-checks';

/** The parts of a submission the server keeps. Credentials and prepopulated data come from the session. */
const SINGLE_PARTS = ['claimantInfo', 'claimDetails', 'signature'] as const;
const LIST_PARTS = ['documentContexts', 'claimTransactions'] as const;
type SinglePart = (typeof SINGLE_PARTS)[number];
type ListPart = (typeof LIST_PARTS)[number];

const PART_MAPPINGS: Readonly<Record<SinglePart | ListPart, DtoMapping>> = {
  claimantInfo: 'ClaimantInfo',
  claimDetails: 'ClaimDetails',
  signature: 'Signature',
  documentContexts: 'DocumentContexts',
  claimTransactions: 'ClaimTransactions',
};

export interface StoredModel {
  clientId: string;
  metadataHash: string;
  fields: Record<string, unknown>;
}

export interface StoredModels {
  claimantInfo: StoredModel | null;
  claimDetails: StoredModel | null;
  signature: StoredModel | null;
  documentContexts: StoredModel[];
  claimTransactions: StoredModel[];
}

export interface DocumentContext {
  clientId: string;
  /** What the browser said of the file: its name, size and type. */
  file: FileValue | null;
}

export type SubmissionCheck =
  | { ok: true; models: StoredModels; contexts: DocumentContext[]; submissionKey: string }
  | { ok: false; error: string };

function identityKey(identity: AuthorizedIdentity): string {
  switch (identity.kind) {
    case 'classMember':
      return `classMember:${identity.noticeId}`;
    case 'vehicle':
      return `vehicle:${identity.vin}`;
    case 'claim':
      return `claim:${identity.claimId}`;
  }
}

/**
 * Identifies a claim across retries (DESIGN.md: a retried submission of the same claim, with
 * the same client ids, returns the first reference code): the form, who is authorized, and
 * the client ids of every model sent, sorted.
 */
export function submissionKey(
  formType: SubmittableFormType,
  identity: AuthorizedIdentity,
  fields: SubmissionFields,
): string {
  const clientIds = [
    ...SINGLE_PARTS.flatMap((part) => (fields[part] === null ? [] : [fields[part].clientId])),
    ...LIST_PARTS.flatMap((part) => fields[part].map((model) => model.clientId)),
  ].sort();
  return createHash('sha256')
    .update(JSON.stringify([formType, identityKey(identity), clientIds]))
    .digest('hex');
}

function fileFieldKey(config: RemoteModelConfig): string | undefined {
  const key = Object.values(config.fields).find((field) => field.kind === 'file')?.key;
  return key === undefined ? undefined : toCamelCase(key);
}

/**
 * Validates every model of a submission against the form's model configs, with the rules
 * the browser ran (SPEC.md section 5): models of another form or of a part the form does not
 * have are refused; a single part the form has but the submission lacks is checked as empty,
 * so its required fields fail by name.
 */
export function checkSubmission(
  claimsCase: ClaimsCase,
  formType: SubmittableFormType,
  authorization: FormAuthorization,
  fields: SubmissionFields,
  context: { culture: string; now: Date },
): SubmissionCheck {
  const problems: string[] = [];
  const configFor = (part: SinglePart | ListPart, model: FormModel | null) => {
    const dtoMapping = PART_MAPPINGS[part];
    const config = claimsCase.modelConfig(formType, dtoMapping);
    if (model === null) return config;
    if (model.metadata.formType !== formType) {
      problems.push(
        `${part}: a ${model.metadata.formType} model cannot be part of a ${formType} claim`,
      );
      return undefined;
    }
    if (config === undefined) {
      problems.push(`${part}: the ${formType} form has no ${dtoMapping} model`);
      return undefined;
    }
    if (model.metadataHash !== config.metadataHash) {
      problems.push(
        `${part}: the model's metadataHash "${model.metadataHash}" is not the current one; reload the form`,
      );
      return undefined;
    }
    return config;
  };

  const resolveModel = (selector: ModelSelector): Readonly<Record<string, unknown>> | undefined => {
    if (selector.formType !== undefined && selector.formType !== formType) return undefined;
    if (selector.dtoMapping === 'PrepopulatedData') return authorization.prepopulatedData;
    const single = SINGLE_PARTS.find((part) => PART_MAPPINGS[part] === selector.dtoMapping);
    if (single !== undefined) return fields[single]?.fields;
    const list = LIST_PARTS.find((part) => PART_MAPPINGS[part] === selector.dtoMapping);
    return list === undefined ? undefined : fields[list][0]?.fields;
  };
  const ruleContext = {
    resolveModel,
    characterWhitelist: claimsCase.characterWhitelist,
    now: context.now,
    localize: (key: string) => claimsCase.text(context.culture, key),
    side: 'server' as const,
  };

  const check = (part: string, config: RemoteModelConfig, model: FormModel | null) => {
    const checked = checkModel(config, model?.fields ?? {}, ruleContext);
    if (checked.problems.length > 0) problems.push(describeProblems(part, checked.problems));
    return checked.values;
  };

  // Client ids identify models: the submission key is made of them and each file is matched
  // to its document context by one, so two models sharing one would let one go unnoticed.
  const partOfClientId = new Map<string, string>();
  const claimClientId = (part: string, clientId: string) => {
    const first = partOfClientId.get(clientId);
    if (first === undefined) partOfClientId.set(clientId, part);
    else {
      problems.push(
        `${part}: clientId "${clientId}" is already the clientId of ${first}; each model needs its own`,
      );
    }
  };

  const models: StoredModels = {
    claimantInfo: null,
    claimDetails: null,
    signature: null,
    documentContexts: [],
    claimTransactions: [],
  };
  for (const part of SINGLE_PARTS) {
    const model = fields[part];
    if (model !== null) claimClientId(part, model.clientId);
    const config = configFor(part, model);
    if (config === undefined) continue;
    const values = check(part, config, model);
    if (model !== null) {
      models[part] = { clientId: model.clientId, metadataHash: model.metadataHash, fields: values };
    }
  }
  const contexts: DocumentContext[] = [];
  for (const part of LIST_PARTS) {
    fields[part].forEach((model, index) => {
      claimClientId(`${part}[${index}]`, model.clientId);
      const config = configFor(part, model);
      if (config === undefined) return;
      const values = check(`${part}[${index}]`, config, model);
      models[part].push({
        clientId: model.clientId,
        metadataHash: model.metadataHash,
        fields: values,
      });
      if (part === 'documentContexts') {
        const key = fileFieldKey(config);
        const file = key === undefined ? undefined : fileValueSchema.safeParse(values[key]);
        contexts.push({ clientId: model.clientId, file: file?.success ? file.data : null });
      }
    });
  }
  if (problems.length > 0) return { ok: false, error: problems.join('; ') };
  return {
    ok: true,
    models,
    contexts,
    submissionKey: submissionKey(formType, authorization.identity, fields),
  };
}
