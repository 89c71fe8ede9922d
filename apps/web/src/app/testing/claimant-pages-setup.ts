import { beforeEach } from 'vitest';
import { siteFixture } from '../../lib/testing/site-fixture';
import { useSettingsStore } from '../../stores/settings-store';
import { prepareDemoCaseWithCaptcha } from '../../features/forms/testing/demo-case-setup';

/**
 * The stores the claimant's pages after filing read, set before each test as the site's start-up
 * sets them (the demo case in English), with a captcha that always answers `captcha-token`.
 */
export function prepareClaimantPages(): void {
  prepareDemoCaseWithCaptcha();
  beforeEach(() => {
    useSettingsStore.getState().setSite(siteFixture());
  });
}
