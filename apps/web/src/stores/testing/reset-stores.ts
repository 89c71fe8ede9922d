import { INITIAL_NAVIGATION_STATE } from '@claims/core/navigation/navigation';
import { initialApplicationState, useApplicationStore } from '../application-store';
import { initialLocalizationState, useLocalizationStore } from '../localization-store';
import { useNavigationStore } from '../navigation-store';
import { initialSettingsState, useSettingsStore } from '../settings-store';

/** Puts the shell's stores back to their state before start-up. */
export function resetStores(): void {
  useApplicationStore.setState(initialApplicationState);
  useLocalizationStore.setState(initialLocalizationState);
  useNavigationStore.setState({ ...INITIAL_NAVIGATION_STATE, returnTo: null });
  useSettingsStore.setState(initialSettingsState);
}
