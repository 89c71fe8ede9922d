import {
  deadlineDefinitions,
  toRemoteModelConfigs,
  type CaseDefinition,
} from '@claims/core/case/case-schema';
import { enabledCultureCodes } from '@claims/core/case/cultures';
import type { RemoteModelConfig } from '@claims/core/case/field-config';
import { encodeAllowedCharacters } from '@claims/core/contract/api';
import { findEnabledCulture } from '@claims/core/guards/culture';
import {
  deadlineNamesForFormType,
  findPassedDeadline,
  toDeadlineSettings,
  toDeadlinesResponse,
  type DeadlineName,
  type DeadlineSettings,
  type DeadlinesByLanguage,
} from '@claims/core/deadlines/deadlines';
import { windowsToIana } from '@claims/core/deadlines/time-zones';
import type { DtoMapping, FormType } from '@claims/core/form-types';
import { formatMessage } from '@claims/core/rules/messages';
import type { LoadedCase } from './load-case';
import { sanitizeContent } from './safe-copy';

/**
 * The loaded case and everything the routes derive from it, computed once at start-up:
 * the model configs the browser gets, the deadlines, the cultures and their copy.
 */
export class ClaimsCase {
  readonly definition: CaseDefinition;
  readonly folder: string;
  readonly enabledCultures: readonly string[];
  readonly defaultCulture: string;
  readonly remoteModelConfigs: readonly RemoteModelConfig[];
  readonly deadlinesResponse: DeadlinesByLanguage;
  readonly deadlineSettings: DeadlineSettings;
  /** IANA zone of the project (dates such as the signature date are its calendar days). */
  readonly projectTimeZone: string;
  readonly characterWhitelist: ReadonlySet<string>;
  readonly allowedCharacters: string;
  /**
   * The copy as the browser gets it, sanitised once here so the browser shows it as it comes
   * (docs/behaviour.md#localisation). The server's own texts (e-mails, messages) read the copy
   * as written and escape it where they put it.
   */
  readonly browserContent: CaseDefinition['content'];

  constructor(loaded: LoadedCase) {
    const definition = loaded.definition;
    this.definition = definition;
    this.browserContent = sanitizeContent(definition.content);
    this.folder = loaded.folder;
    this.enabledCultures = enabledCultureCodes(definition);
    this.defaultCulture = definition.cultures.default;
    this.remoteModelConfigs = toRemoteModelConfigs(definition);
    this.deadlinesResponse = toDeadlinesResponse({
      deadlines: deadlineDefinitions(definition),
      cultures: this.enabledCultures,
      projectTimeZone: definition.deadlines.projectTimeZone,
    });
    this.deadlineSettings = toDeadlineSettings(this.deadlinesResponse);
    this.projectTimeZone = windowsToIana(definition.deadlines.projectTimeZone);
    this.allowedCharacters = encodeAllowedCharacters(definition.characterWhitelist);
    this.characterWhitelist = new Set(definition.characterWhitelist);
  }

  hasForm(formType: FormType): boolean {
    return (this.definition.forms[formType]?.length ?? 0) > 0;
  }

  /** The model configs of a form, as GET /api/forms/config gives them. */
  modelConfigs(formType: FormType): RemoteModelConfig[] {
    return this.remoteModelConfigs.filter((config) => config.metadata.formType === formType);
  }

  modelConfig(formType: FormType, dtoMapping: DtoMapping): RemoteModelConfig | undefined {
    return this.remoteModelConfigs.find(
      (config) =>
        config.metadata.formType === formType && config.metadata.dtoMapping === dtoMapping,
    );
  }

  /** The enabled culture spelled like `candidate` (any letter case), else undefined. */
  enabledCulture(candidate: string | null | undefined): string | undefined {
    return findEnabledCulture(candidate ?? undefined, this.enabledCultures);
  }

  /** The copy of a key in the culture, else in the default culture; undefined if neither has it. */
  text(culture: string, key: string): string | undefined {
    const own = this.definition.content[culture]?.[key];
    if (own !== undefined && own.trim() !== '') return own;
    const fallback = this.definition.content[this.defaultCulture]?.[key];
    return fallback !== undefined && fallback.trim() !== '' ? fallback : undefined;
  }

  /** A server message in the culture: the case's copy of the key, else the English default. */
  message(
    culture: string,
    message: { key: string; text: string },
    params: Readonly<Record<string, string>> = {},
  ): string {
    return formatMessage(this.text(culture, message.key) ?? message.text, params);
  }

  /**
   * The first deadline closing the form that has passed at `now` (global first); for pages of
   * no form, the global deadline.
   */
  passedDeadline(formType: FormType | undefined, now: Date): DeadlineName | undefined {
    return findPassedDeadline(this.deadlineSettings, deadlineNamesForFormType(formType), now);
  }
}
