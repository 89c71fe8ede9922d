import {
  parseAllowedCharacters,
  type CharacterWhitelistResponse,
  type FormsConfigResponse,
} from '@claims/core/contract/api';
import type { SiteSettings } from '@claims/core/contract/site';
import type { DeadlinesResponse } from '@claims/core/deadlines/deadlines';
import {
  deadlineSettingsFromInstants,
  isDeadlinesByName,
} from '@claims/core/deadlines/deadline-guard';
import { FORM_TYPES } from '@claims/core/form-types';
import { useModelsStore } from '../features/forms/stores/models-store';
import { useApplicationStore } from '../stores/application-store';
import { useLocalizationStore } from '../stores/localization-store';
import { useSettingsStore } from '../stores/settings-store';

/**
 * Start-up's answers put in the stores (docs/behaviour.md#start-up): by the browser's start-up
 * as they arrive, and by a page snapshot's render on the server
 * (docs/behaviour.md#page-snapshots), so both render the same page.
 */

/**
 * Instants (the server's shape) need no date library; deadlines written as text in a Windows
 * zone load the parser first (docs/behaviour.md#deadlines).
 */
export async function storeDeadlines(response: DeadlinesResponse): Promise<void> {
  let settings;
  if (isDeadlinesByName(response)) {
    const { deadlineSettingsFromTexts } = await import('@claims/core/deadlines/deadline-text');
    settings = deadlineSettingsFromTexts(response);
  } else {
    settings = deadlineSettingsFromInstants(response);
  }
  useApplicationStore.getState().setDeadlineSettings(settings);
  useLocalizationStore.getState().refreshDeadlineKeys();
}

export function storeSiteSettings(settings: SiteSettings): void {
  useSettingsStore.getState().setSite(settings);
  const app = useApplicationStore.getState();
  app.setBanner(settings.banner ?? null);
  app.setMinSessionDuration(settings.sessionMinutes);
}

export function storeFormsConfig(configs: FormsConfigResponse): void {
  useModelsStore.getState().loadRemoteConfigs(configs);
  const types = new Set(configs.map((config) => config.metadata.formType));
  useApplicationStore
    .getState()
    .setAvailableFormTypes(FORM_TYPES.filter((type) => types.has(type)));
}

export function storeCharacterWhitelist(whitelist: CharacterWhitelistResponse): void {
  const characters = parseAllowedCharacters(whitelist.allowedCharacters);
  useApplicationStore.getState().setCharacterWhitelist(characters);
}
