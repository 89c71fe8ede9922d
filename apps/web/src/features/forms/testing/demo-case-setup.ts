import { afterEach, beforeEach } from 'vitest';
import { useApplicationStore } from '../../../stores/application-store';
import { useCaptchaStore } from '../../../stores/captcha-store';
import { useLocalizationStore } from '../../../stores/localization-store';
import { useModelsStore } from '../stores/models-store';
import { demoContent, demoModelConfigs } from './demo-case';
import { resetModelsStore, TEST_WHITELIST } from './render-with-model';

/**
 * The stores the claim forms read, set before each test as the site's start-up sets them (the demo
 * case in English), with a captcha that always answers `captcha-token`, unmounted after each test.
 */
export function prepareDemoCaseWithCaptcha(): void {
  const container = document.createElement('div');
  beforeEach(async () => {
    resetModelsStore();
    useModelsStore.getState().loadRemoteConfigs(demoModelConfigs());
    useLocalizationStore.setState({ staticLocalizations: { ...demoContent.en } });
    useApplicationStore.setState({ characterWhitelist: TEST_WHITELIST });
    await useCaptchaStore.getState().initialize({ provider: 'Altcha', siteKey: '' }, () => ({
      render: async () => 'widget-1',
      execute: async () => 'captcha-token',
      reset: () => undefined,
      remove: () => undefined,
    }));
    await useCaptchaStore.getState().mount(container);
  });
  afterEach(() => {
    useCaptchaStore.getState().unmount(container);
  });
}
