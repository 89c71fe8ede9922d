import { createHash } from 'node:crypto';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import {
  fileValueSchema,
  type FileValue,
  type FormModel,
  type SubmissionFields,
} from '@claims/core/contract/submission';
import {
  MODEL_LIST_PART_NAMES,
  PART_DTO_MAPPINGS,
  SINGLE_MODEL_PART_NAMES,
  type ModelListPartName,
  type SingleModelPartName,
} from '@claims/core/contract/submission-parts';
import type { SubmittableFormType } from '@claims/core/form-types';
import type { ModelSelector } from '@claims/core/rules/engine';
import { toCamelCase } from '@claims/core/text/camel-case';
import type { ClaimsCase } from '../case/claims-case';
import { checkModel, describeProblems, type ModelProblem } from './model-checks';
import type { AuthorizedIdentity, FormAuthorization } from './session-store';

/** Model parts the server takes from the session, never from the browser. */
const SESSION_PARTS = ['credentials', 'prepopulatedData'] as const;
type SessionPart = (typeof SESSION_PARTS)[number];
/** The parts of a submission the server keeps. */
type SinglePart = Exclude<SingleModelPartName, SessionPart>;
type ListPart = Exclude<ModelListPartName, SessionPart>;
type PartName = SinglePart | ListPart;

const keptPart = <P extends string>(part: P): part is Exclude<P, SessionPart> =>
  !(SESSION_PARTS as readonly string[]).includes(part);
const SINGLE_PARTS: readonly SinglePart[] = SINGLE_MODEL_PART_NAMES.filter(keptPart);
const LIST_PARTS: readonly ListPart[] = MODEL_LIST_PART_NAMES.filter(keptPart);

function isListPart(part: string | undefined): part is ListPart {
  return (LIST_PARTS as readonly (string | undefined)[]).includes(part);
}

export interface StoredModel {
  clientId: string;
  metadataHash: string;
  fields: Record<string, unknown>;
}

export type StoredModels = { [Part in SinglePart]: StoredModel | null } & {
  [Part in ListPart]: StoredModel[];
};

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
 * Identifies a claim across retries (docs/behaviour.md#submission: a retried submission of the same
 * claim, with the same client ids, returns the first reference code): the form, who is authorized,
 * and the client ids of every model sent, sorted.
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

/** Checks of models against other models that one claim may cost (see OtherModels). */
const MAX_MODEL_CHECKS = 10_000;

/** Where a model names the claim transaction it belongs to (docs/behaviour.md#submission). */
const CLAIM_TRANSACTION_ID = 'claimTransactionId';

/** The model whose rules are being run, and the part it came in. */
interface Owner {
  part: PartName;
  model: FormModel | null;
}

/** For each list part read "each", the entry the current pass reads. */
type Choice = ReadonlyMap<ListPart, FormModel | undefined>;

/**
 * The other models a rule reads (a targetModel, a dependency's dependencyMetadata). A single
 * part is the one model sent for it. A list part (claim transactions, document contexts)
 * holds several, and a rule reads the one its model relates to: an entry of that list reads
 * itself, and a model with a claimTransactionId reads the claim transaction it names
 * (docs/behaviour.md#submission: the id links models to a parent transaction). A model related to
 * no entry in particular reads each entry in turn, and its rules must hold against every one.
 */
class OtherModels {
  constructor(
    private readonly formType: SubmittableFormType,
    private readonly authorization: FormAuthorization,
    private readonly fields: SubmissionFields,
  ) {}

  private partOf(selector: ModelSelector): PartName | 'PrepopulatedData' | undefined {
    if (selector.formType !== undefined && selector.formType !== this.formType) return undefined;
    if (selector.dtoMapping === 'PrepopulatedData') return 'PrepopulatedData';
    return [...SINGLE_PARTS, ...LIST_PARTS].find(
      (part) => PART_DTO_MAPPINGS[part] === selector.dtoMapping,
    );
  }

  /** The entry of `list` that `owner` relates to; 'each' when it relates to none in particular. */
  private related(owner: Owner, list: ListPart): FormModel | undefined | 'each' {
    const linked = owner.model?.fields[CLAIM_TRANSACTION_ID];
    if (list === 'claimTransactions' && typeof linked === 'string' && linked !== '') {
      const transactions = this.fields.claimTransactions;
      const parent = transactions.find(
        (transaction) => transaction.clientId === linked && transaction !== owner.model,
      );
      if (parent !== undefined) return parent;
      if (owner.part === list) return owner.model ?? undefined;
      return transactions.find(
        (transaction) => transaction.fields[CLAIM_TRANSACTION_ID] === linked,
      );
    }
    if (owner.part === list) return owner.model ?? undefined;
    return 'each';
  }

  /** The list parts whose entries the rules of `config` read each in turn, for `owner`. */
  private eachParts(config: RemoteModelConfig, owner: Owner): ListPart[] {
    const selectors = Object.values(config.fields).flatMap((field) => [
      ...field.validations.flatMap((rule) => (rule.targetModel ? [rule.targetModel] : [])),
      ...field.dependencies.flatMap((dependency) =>
        dependency.dependencyMetadata ? [dependency.dependencyMetadata] : [],
      ),
    ]);
    const parts = new Set<ListPart>();
    for (const selector of selectors) {
      const part = this.partOf(selector);
      if (isListPart(part) && this.related(owner, part) === 'each') parts.add(part);
    }
    return [...parts];
  }

  /**
   * The passes the owner's rules take: one per combination of entries of the lists they read
   * "each" (one pass when they read none), counted before any is made.
   */
  passes(config: RemoteModelConfig, owner: Owner): { count: number; choices: Iterable<Choice> } {
    const lists = this.eachParts(config, owner).map((part) => ({
      part,
      entries: this.fields[part].length === 0 ? [undefined] : this.fields[part],
    }));
    function* combine(index: number, choice: Choice): Generator<Choice> {
      const list = lists[index];
      if (list === undefined) {
        yield choice;
        return;
      }
      for (const entry of list.entries)
        yield* combine(index + 1, new Map(choice).set(list.part, entry));
    }
    return {
      count: lists.reduce((count, list) => count * list.entries.length, 1),
      choices: combine(0, new Map()),
    };
  }

  resolve(
    selector: ModelSelector,
    owner: Owner,
    choice: Choice,
  ): Readonly<Record<string, unknown>> | undefined {
    const part = this.partOf(selector);
    if (part === undefined) return undefined;
    if (part === 'PrepopulatedData') return this.authorization.prepopulatedData;
    if (!isListPart(part)) return this.fields[part]?.fields;
    const related = this.related(owner, part);
    return (related === 'each' ? choice.get(part) : related)?.fields;
  }
}

/**
 * Validates every model of a submission against the form's model configs, with the rules
 * the browser ran (docs/behaviour.md#submission): models of another form or of a part the form does
 * not have are refused; a single part the form has but the submission lacks is checked as empty,
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
  const configFor = (part: PartName, model: FormModel | null) => {
    const dtoMapping = PART_DTO_MAPPINGS[part];
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

  const ruleContext = {
    characterWhitelist: claimsCase.characterWhitelist,
    now: context.now,
    localize: (key: string) => claimsCase.text(context.culture, key),
    side: 'server' as const,
  };
  const others = new OtherModels(formType, authorization, fields);
  let checksLeft = MAX_MODEL_CHECKS;
  let overBudget = false;

  /**
   * Checks one model of `part` (named `label` in problems) once for each entry of every list
   * part its rules read "each" (OtherModels): a rule holds only if it holds against all of
   * them. The values kept are those of the first pass.
   */
  const check = (
    part: PartName,
    label: string,
    config: RemoteModelConfig,
    model: FormModel | null,
  ) => {
    const owner = { part, model };
    const passes = others.passes(config, owner);
    checksLeft -= passes.count;
    if (checksLeft < 0) {
      if (!overBudget) {
        problems.push(
          `${label}: checking the claim's models against each other would take more than the ${MAX_MODEL_CHECKS} model checks one claim may cost; send fewer claim transactions or document contexts`,
        );
      }
      overBudget = true;
      return model?.fields ?? {};
    }
    const found = new Map<string, ModelProblem>();
    let values: Record<string, unknown> | undefined;
    for (const choice of passes.choices) {
      const checked = checkModel(config, model?.fields ?? {}, {
        ...ruleContext,
        resolveModel: (selector) => others.resolve(selector, owner, choice),
      });
      values ??= checked.values;
      for (const problem of checked.problems) {
        found.set(`${problem.field}\u0000${problem.rule}\u0000${problem.message}`, problem);
      }
    }
    if (found.size > 0) problems.push(describeProblems(label, [...found.values()]));
    return values ?? {};
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

  const stored: StoredModels = {
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
    const values = check(part, part, config, model);
    if (model !== null) {
      stored[part] = { clientId: model.clientId, metadataHash: model.metadataHash, fields: values };
    }
  }
  const contexts: DocumentContext[] = [];
  for (const part of LIST_PARTS) {
    fields[part].forEach((model, index) => {
      claimClientId(`${part}[${index}]`, model.clientId);
      const config = configFor(part, model);
      if (config === undefined) return;
      const values = check(part, `${part}[${index}]`, config, model);
      stored[part].push({
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
    models: stored,
    contexts,
    submissionKey: submissionKey(formType, authorization.identity, fields),
  };
}
