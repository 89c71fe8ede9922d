import type { PayPalSettingsResponse, SignatureDateResponse } from '@claims/core/contract/api';
import { DEFAULT_SESSION_MINUTES, type BannerConfig } from '@claims/core/contract/site';
import type { DeadlineSettings } from '@claims/core/deadlines/deadline-names';
import { FORM_TYPES, assertFormType, type FormType } from '@claims/core/form-types';
import { FIXED_ROUTES, withQuery } from '@claims/core/routes';
import { create } from 'zustand';
import { boundRouter } from '../lib/router-binding';

/** The application state of docs/behaviour.md#application-state. */

export interface ClientState {
  signature: SignatureDateResponse | null;
  isSubmitting: boolean;
  /** Minutes of inactivity before the session ends (docs/behaviour.md#sessions). */
  minSessionDuration: number;
  /** Where the session timer sent the claimant when the session ran out. */
  expiredRedirectUrl: string | null;
}

export interface ErrorInfo {
  showError: boolean;
  /** null: the alert dialog's default header. */
  header: string | null;
  message: string;
}

/** The location state of a visit to /error that showError sent (redirectOnError). */
export interface ErrorPageState {
  error: { header: string | null; message: string };
}

/** The error a visit to /error carries, if showError sent it there. */
export function errorOfPageState(state: unknown): ErrorPageState['error'] | null {
  if (typeof state !== 'object' || state === null || !('error' in state)) return null;
  const { error } = state as { error: unknown };
  if (typeof error !== 'object' || error === null) return null;
  const { header, message } = error as Record<string, unknown>;
  if (typeof message !== 'string') return null;
  return { header: typeof header === 'string' ? header : null, message };
}

export type PayPalSettings = PayPalSettingsResponse;

export interface ApplicationState {
  client: ClientState;
  characterWhitelist: ReadonlySet<string> | null;
  authorized: { errorMessage: string | null; forms: Record<FormType, boolean> };
  errorInfo: ErrorInfo;
  banner: { activeBannerState: { showBanner: boolean; banner: BannerConfig | null } };
  payPalSettings: PayPalSettings;
  formReferenceCodes: Partial<Record<FormType, string>>;
  sessionExpired: boolean;
  /** Deadlines of GET /api/deadlines, read by the deadline guard and the Key Dates page. */
  deadlineSettings: DeadlineSettings | null;
  /** Form types the case has model configs for, in the order of docs/behaviour.md#form-types. */
  availableFormTypes: readonly FormType[];
  /** True while the browser is leaving for another site; content is hidden meanwhile. */
  redirecting: boolean;

  setAuthorized(formType: FormType, authorized: boolean, errorMessage?: string | null): void;
  setReferenceCode(formType: FormType, code: string): void;
  showError(message: string, options?: { header?: string; redirectOnError?: boolean }): void;
  hideError(): void;
  setSubmitting(value: boolean): void;
  setInvalidPayPalVerification(value: boolean): void;
  setPayPalSettings(settings: PayPalSettingsResponse): void;
  setSignature(signature: SignatureDateResponse | null): void;
  setCharacterWhitelist(characters: ReadonlySet<string> | null): void;
  setBanner(banner: BannerConfig | null): void;
  setMinSessionDuration(minutes: number): void;
  setSessionExpired(expired: boolean, redirectUrl?: string | null): void;
  setDeadlineSettings(settings: DeadlineSettings | null): void;
  setAvailableFormTypes(formTypes: readonly FormType[]): void;
  setRedirecting(value: boolean): void;
}

function noFormsAuthorized(): Record<FormType, boolean> {
  return Object.fromEntries(FORM_TYPES.map((type) => [type, false])) as Record<FormType, boolean>;
}

export const initialApplicationState = {
  client: {
    signature: null,
    isSubmitting: false,
    minSessionDuration: DEFAULT_SESSION_MINUTES,
    expiredRedirectUrl: null,
  },
  characterWhitelist: null,
  authorized: { errorMessage: null, forms: noFormsAuthorized() },
  errorInfo: { showError: false, header: null, message: '' },
  banner: { activeBannerState: { showBanner: false, banner: null } },
  payPalSettings: {
    clientId: null,
    enabled: false,
    loginUrl: null,
    authCodeExpiration: null,
    invalidPayPalVerification: false,
  },
  formReferenceCodes: {},
  sessionExpired: false,
  deadlineSettings: null,
  availableFormTypes: [],
  redirecting: false,
} satisfies Partial<ApplicationState>;

export const useApplicationStore = create<ApplicationState>()((set, get) => ({
  ...initialApplicationState,

  setAuthorized(formType, authorized, errorMessage = null) {
    // Throws 'Unexpected Form Type' for a form the authorization state does not know
    // (docs/behaviour.md#configuration-errors).
    const type = assertFormType(formType);
    set((state) => ({
      authorized: { errorMessage, forms: { ...state.authorized.forms, [type]: authorized } },
      // A fresh authorization starts a fresh session.
      sessionExpired: authorized ? false : state.sessionExpired,
    }));
  },

  setReferenceCode(formType, code) {
    const type = assertFormType(formType);
    set((state) => ({ formReferenceCodes: { ...state.formReferenceCodes, [type]: code } }));
  },

  showError(message, options = {}) {
    const redirect = options.redirectOnError === true;
    // With redirectOnError the error page shows the message, so the dialog stays closed.
    set({ errorInfo: { showError: !redirect, header: options.header ?? null, message } });
    if (redirect) {
      const { search } = boundRouter().currentLocation();
      const culture = new URLSearchParams(search).get('culture');
      const target =
        culture === null
          ? FIXED_ROUTES.error.path
          : withQuery(FIXED_ROUTES.error.path, { culture });
      // The message travels with the visit to /error, so that page shows the error that
      // brought the claimant there and never a stale one kept in errorInfo.
      const state: ErrorPageState = { error: { header: options.header ?? null, message } };
      void boundRouter().navigate(target, { state });
    }
  },

  hideError() {
    set((state) => ({ errorInfo: { ...state.errorInfo, showError: false } }));
  },

  setSubmitting(value) {
    set((state) => ({ client: { ...state.client, isSubmitting: value } }));
  },

  setInvalidPayPalVerification(value) {
    set((state) => ({
      payPalSettings: { ...state.payPalSettings, invalidPayPalVerification: value },
    }));
  },

  setPayPalSettings(settings) {
    set({ payPalSettings: settings });
  },

  setSignature(signature) {
    set((state) => ({ client: { ...state.client, signature } }));
  },

  setCharacterWhitelist(characters) {
    set({ characterWhitelist: characters });
  },

  setBanner(banner) {
    set({ banner: { activeBannerState: { showBanner: banner?.showBanner ?? false, banner } } });
  },

  setMinSessionDuration(minutes) {
    if (!(minutes > 0)) {
      throw new Error(`minSessionDuration must be a positive number of minutes; got ${minutes}`);
    }
    set((state) => ({ client: { ...state.client, minSessionDuration: minutes } }));
  },

  setSessionExpired(expired, redirectUrl = null) {
    set((state) => ({
      sessionExpired: expired,
      client: { ...state.client, expiredRedirectUrl: expired ? redirectUrl : null },
      // The server ends every authorization with the session (POST /api/session-timeout).
      authorized: expired ? { errorMessage: null, forms: noFormsAuthorized() } : state.authorized,
    }));
  },

  setDeadlineSettings(settings) {
    set({ deadlineSettings: settings });
  },

  setAvailableFormTypes(formTypes) {
    set({ availableFormTypes: FORM_TYPES.filter((type) => formTypes.includes(type)) });
  },

  setRedirecting(value) {
    if (get().redirecting !== value) set({ redirecting: value });
  },
}));
