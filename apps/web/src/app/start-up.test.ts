import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useModelsStore } from '../features/forms/stores/models-store';
import * as api from '../lib/api-client';
import { logger } from '../lib/logger';
import { siteFixture } from '../lib/testing/site-fixture';
import { useApplicationStore } from '../stores/application-store';
import { useLocalizationStore } from '../stores/localization-store';
import { useSettingsStore } from '../stores/settings-store';
import { resetStores } from '../stores/testing/reset-stores';
import { startUp } from './start-up';

const calls: string[] = [];
/** The answers start-up asked for ahead, each with the means to make it arrive. */
const prefetches = new Map<string, () => void>();
let prefetchArrivesAtOnce = true;

vi.mock('../lib/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof api>();
  const record =
    <T>(name: string, value: () => T) =>
    (...args: unknown[]) => {
      calls.push(args.length > 0 ? `${name}(${args.join(',')})` : name);
      return Promise.resolve(value());
    };
  return {
    ApiError: actual.ApiError,
    isApiError: actual.isApiError,
    prefetch: vi.fn((path: string) => {
      calls.push(`prefetch(${path})`);
      return new Promise<void>((resolve) => {
        prefetches.set(path, resolve);
        if (prefetchArrivesAtOnce) resolve();
      });
    }),
    clearPrefetched: vi.fn(() => {
      calls.push('clearPrefetched');
    }),
    getCultures: vi.fn(
      record('getCultures', () => ({
        cultures: [
          { code: 'en', name: 'English' },
          { code: 'es', name: 'Español' },
        ],
        defaultCulture: 'en',
      })),
    ),
    getCultureContent: vi.fn(record('getCultureContent', () => [{ key: 'k', value: 'v' }])),
    setLanguage: vi.fn(() => Promise.resolve({ culture: 'es' })),
    getDeadlines: vi.fn(
      record('getDeadlines', () => ({
        globalDeadline: { deadline: '12/31/2099', timeZone: 'Pacific Standard Time' },
      })),
    ),
    loadCsrf: vi.fn(record('loadCsrf', () => ({ requestHeaderName: 'X', requestToken: 't' }))),
    getFormsConfig: vi.fn(record('getFormsConfig', () => [])),
    getCharactersWhitelist: vi.fn(
      record('getCharactersWhitelist', () => ({ allowedCharacters: '["a","b"]' })),
    ),
    getCaptchaConfig: vi.fn(
      record('getCaptchaConfig', () => ({ provider: 'Altcha', siteKey: '' })),
    ),
    getSite: vi.fn(record('getSite', () => siteFixture({ sessionMinutes: 2 }))),
    getPayPalSettings: vi.fn(
      record('getPayPalSettings', () => ({
        clientId: null,
        enabled: false,
        loginUrl: null,
        invalidPayPalVerification: false,
        authCodeExpiration: null,
      })),
    ),
  };
});

/** Whether the session holds an authorization of the first page's form, as the standing says. */
let holdsTheForm = true;

vi.mock('../features/forms/drafts/restore-form', () => ({
  askFirstStanding: vi.fn(async (formType: string, sessionStarted: Promise<void>) => {
    calls.push(`askFirstStanding(${formType})`);
    await sessionStarted;
    calls.push(`standing asked(${formType})`);
    return holdsTheForm;
  }),
  forgetFirstStanding: vi.fn(() => {
    calls.push('forgetFirstStanding');
  }),
}));

vi.mock('./form-page-modules', () => ({
  preloadFormPageCode: vi.fn(() => {
    calls.push('preloadFormPageCode');
  }),
}));

vi.mock('../stores/captcha-store', () => ({
  useCaptchaStore: {
    getState: () => ({
      initialize: vi.fn((config: { provider: string }) => {
        calls.push(`captcha.initialize(${config.provider})`);
        return Promise.resolve();
      }),
    }),
  },
}));

vi.mock('../features/forms/stores/models-store', () => {
  const loadRemoteConfigs = vi.fn(() => {
    calls.push('models.loadRemoteConfigs');
  });
  return { useModelsStore: { getState: () => ({ loadRemoteConfigs }) } };
});

const forbidden = () => Promise.reject(new api.ApiError(403, '/api/x', 'forbidden'));
const broken = () => Promise.reject(new api.ApiError(500, '/api/x', 'server error'));
const mount = vi.fn(() => {
  calls.push('mount');
});

beforeEach(() => {
  resetStores();
  calls.length = 0;
  prefetches.clear();
  prefetchArrivesAtOnce = true;
  holdsTheForm = true;
  mount.mockClear();
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
});

function start(search = '', pathname = '/') {
  return startUp({ mount, location: { pathname, search } });
}

/** The calls start-up read or made, without the answers it asked for ahead. */
const steps = () =>
  calls.filter(
    (call) =>
      !call.startsWith('prefetch(') &&
      !['clearPrefetched', 'forgetFirstStanding', 'preloadFormPageCode'].includes(call),
  );

describe('start-up', () => {
  it('asks for every answer that starts no session before it reads the first', async () => {
    await start('?culture=es');
    const firstRead = calls.indexOf('getCultures');
    expect(calls.slice(0, firstRead).sort()).toEqual(
      [
        'prefetch(/api/csrf)',
        'prefetch(/api/cultures)',
        'prefetch(/api/culture/content?culture=es)',
        'prefetch(/api/deadlines)',
        'prefetch(/api/forms/config)',
        'prefetch(/api/characters-whitelist)',
        'prefetch(/api/captcha)',
        'prefetch(/api/site)',
      ].sort(),
    );
  });

  it('asks for the content in English when the address names no culture', async () => {
    await start();
    expect(calls).toContain('prefetch(/api/culture/content?culture=en)');
  });

  it("waits for the antiforgery token's session before the calls that can start one", async () => {
    prefetchArrivesAtOnce = false;
    const started = start('?culture=es');
    await vi.waitFor(() => expect(calls).toContain('getCultures'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).not.toContain('getCultureContent(es)');
    expect(calls).not.toContain('prefetch(/api/banking/paypal-settings)');
    for (const arrive of prefetches.values()) arrive();
    await started;
    expect(calls).toContain('prefetch(/api/banking/paypal-settings)');
    expect(calls).toContain('getCultureContent(es)');
  });

  it('forgets the answers it asked for ahead before the site mounts', async () => {
    await start();
    expect(calls.slice(-3, -1)).toEqual(['clearPrefetched', 'mount']);
  });

  it("asks for what the session holds of a form page's form beside the other calls, once the session started", async () => {
    prefetchArrivesAtOnce = false;
    const started = start('', '/standard/claimant-info');
    await vi.waitFor(() => expect(calls).toContain('getCultures'));
    expect(calls).toContain('askFirstStanding(Standard)');
    expect(calls).not.toContain('standing asked(Standard)');
    for (const arrive of prefetches.values()) arrive();
    await started;
    expect(calls.indexOf('standing asked(Standard)')).toBeLessThan(calls.indexOf('mount'));
  });

  it("fetches the page's code while start-up goes on when the session holds the form", async () => {
    await start('', '/standard/claimant-info');
    expect(calls.indexOf('preloadFormPageCode')).toBeGreaterThan(
      calls.indexOf('standing asked(Standard)'),
    );
    expect(calls.indexOf('preloadFormPageCode')).toBeLessThan(calls.indexOf('mount'));
  });

  it('fetches no page code for a session that holds no authorization of the form', async () => {
    holdsTheForm = false;
    await start('', '/standard/claimant-info');
    expect(calls).toContain('standing asked(Standard)');
    expect(calls).not.toContain('preloadFormPageCode');
  });

  it('asks for no standing on a page that needs no authorization', async () => {
    await start('', '/standard');
    expect(calls.filter((call) => call.startsWith('askFirstStanding'))).toEqual([]);
  });

  it('forgets a standing the first page did not read once the site has mounted', async () => {
    await start('', '/standard/claimant-info');
    expect(calls.slice(-2)).toEqual(['mount', 'forgetFirstStanding']);
  });

  it('runs translations, deadlines, antiforgery, further initialisation, captcha, payment, then mount', async () => {
    await start('?culture=es');
    const calls = steps();
    expect(calls.slice(0, 4)).toEqual([
      'getCultures',
      'getCultureContent(es)',
      'getDeadlines',
      'loadCsrf',
    ]);
    expect(calls.slice(4, 8).sort()).toEqual([
      'getCaptchaConfig',
      'getCharactersWhitelist',
      'getFormsConfig',
      'getSite',
    ]);
    expect(calls.slice(8)).toEqual([
      'models.loadRemoteConfigs',
      'captcha.initialize(Altcha)',
      'getPayPalSettings',
      'mount',
    ]);
  });

  it('keeps what each step loaded in the stores', async () => {
    await start();
    const app = useApplicationStore.getState();
    expect(app.deadlineSettings?.globalDeadline).toBeDefined();
    expect(app.characterWhitelist).toEqual(new Set(['a', 'b']));
    expect(app.client.minSessionDuration).toBe(2);
    expect(useSettingsStore.getState().themeName).toBe('jnd-7-0-default');
    expect(useLocalizationStore.getState().enabledCultures).toEqual({
      en: 'English',
      es: 'Español',
    });
    expect(useLocalizationStore.getState().dynamicLocalizations).toHaveProperty(
      'Deadline_globalDeadline_Short',
      '12/31/2099',
    );
  });

  it('hands the forms config to the models store', async () => {
    await start();
    expect(useModelsStore.getState().loadRemoteConfigs).toHaveBeenCalledWith([]);
  });

  it('logs an antiforgery failure and goes on', async () => {
    vi.mocked(api.loadCsrf).mockImplementationOnce(broken);
    await start();
    expect(logger.error).toHaveBeenCalledWith(
      'Error loading the antiforgery token',
      expect.any(Error),
    );
    expect(calls).toContain('getPayPalSettings');
    expect(mount).toHaveBeenCalled();
  });

  it.each([
    ['forms config', 'getFormsConfig'],
    ['character whitelist', 'getCharactersWhitelist'],
    ['csrf', 'loadCsrf'],
    ['cultures', 'getCultures'],
  ] as const)('ignores a 403 on the %s call without a word', async (_name, call) => {
    vi.mocked(api[call]).mockImplementationOnce(forbidden);
    await start();
    expect(logger.error).not.toHaveBeenCalled();
    expect(useApplicationStore.getState().errorInfo.showError).toBe(false);
    expect(calls).toContain('getPayPalSettings');
  });

  it('logs any other failure as an initialization error and shows the config message', async () => {
    vi.mocked(api.getFormsConfig).mockImplementationOnce(broken);
    await start();
    expect(logger.error).toHaveBeenCalledWith(
      'Error during application initialization',
      expect.any(Error),
    );
    expect(useApplicationStore.getState().errorInfo).toMatchObject({
      showError: true,
      message: 'Your request failed. Please reload and try again.',
    });
  });

  it('shows the problem message when the deadlines fail to load', async () => {
    vi.mocked(api.getDeadlines).mockImplementationOnce(broken);
    await start();
    expect(useApplicationStore.getState().errorInfo.message).toMatch(
      /^A problem has occured during your submission/,
    );
  });

  it('stops at the failing step and still mounts', async () => {
    vi.mocked(api.getDeadlines).mockImplementationOnce(broken);
    await start();
    expect(calls).not.toContain('loadCsrf');
    expect(calls).not.toContain('getCaptchaConfig');
    expect(steps().at(-1)).toBe('mount');
  });

  it('still loads the site settings after an earlier step failed, so the page has its header and footer', async () => {
    vi.mocked(api.getDeadlines).mockImplementationOnce(broken);
    await start();
    expect(steps().slice(-2)).toEqual(['getSite', 'mount']);
    expect(useSettingsStore.getState().site?.contact.phone).toBe('1-800-555-0100');
  });

  it('mounts with the error shown when the site settings cannot be loaded after a failure either', async () => {
    vi.mocked(api.getDeadlines).mockImplementationOnce(broken);
    vi.mocked(api.getSite).mockImplementationOnce(broken);
    await start();
    expect(useSettingsStore.getState().site).toBeNull();
    expect(useApplicationStore.getState().errorInfo.message).toMatch(/^A problem has occured/);
    expect(steps().at(-1)).toBe('mount');
  });

  describe('with a failing captcha config', () => {
    beforeEach(() => {
      vi.mocked(api.getCaptchaConfig).mockImplementationOnce(broken);
    });

    it('stores the site settings before reporting the failure', async () => {
      await start();
      const { site } = useSettingsStore.getState();
      expect(site?.contact.email).toBe('info@example-settlement.com');
      expect(useApplicationStore.getState().client.minSessionDuration).toBe(2);
    });

    it('stores the forms config and the character whitelist that did load', async () => {
      await start();
      expect(calls).toContain('models.loadRemoteConfigs');
      expect(useApplicationStore.getState().characterWhitelist).toEqual(new Set(['a', 'b']));
    });

    it('shows the problem message of docs/behaviour.md#errors and goes no further', async () => {
      await start();
      expect(logger.error).toHaveBeenCalledWith(
        'Error during application initialization',
        expect.any(Error),
      );
      expect(useApplicationStore.getState().errorInfo.message).toMatch(
        /^A problem has occured during your submission/,
      );
      expect(calls).not.toContain('captcha.initialize(Altcha)');
      expect(calls).not.toContain('getPayPalSettings');
      expect(steps().at(-1)).toBe('mount');
    });
  });

  it('reports the first failure in the order of the further initialisation', async () => {
    vi.mocked(api.getCaptchaConfig).mockImplementationOnce(broken);
    vi.mocked(api.getSite).mockImplementationOnce(broken);
    await start();
    expect(useApplicationStore.getState().errorInfo.message).toMatch(/^A problem has occured/);
  });

  it('shows the problem message when the culture list fails with anything but 403', async () => {
    vi.mocked(api.getCultures).mockImplementationOnce(broken);
    await start();
    expect(useApplicationStore.getState().errorInfo.message).toMatch(/^A problem has occured/);
  });
});
