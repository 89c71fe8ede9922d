import { UI_CONTENT_KEYS } from '@claims/core/case/content-keys';
import { sessionExpiredLocation } from '@claims/core/guards/authorization';
import { FORM_TYPES, type FormType } from '@claims/core/form-types';
import { formatMessage } from '@claims/core/rules/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MessageDialog } from '../../components/ui/message-dialog';
import { loadCsrf, sessionTimeout } from '../../lib/api-client';
import { logger } from '../../lib/logger';
import { useApplicationStore } from '../../stores/application-store';
import { useLocalizationStore, useText } from '../../stores/localization-store';
import { useNavigationStore } from '../../stores/navigation-store';

/**
 * docs/behaviour.md#sessions: the warning comes one minute before expiry; the timer ticks every
 * second.
 */
export const WARNING_MS = 60_000;
export const TICK_MS = 1000;
/** Activity is counted at most this often; mousemove fires far more than the timer needs. */
export const ACTIVITY_THROTTLE_MS = 1000;
/**
 * The server's session expiry slides with each request, not with activity in the page; while
 * the claimant is active the timer touches the server at most this often so both end together.
 */
export const SERVER_TOUCH_MS = 60_000;
/** Seconds left at which screen readers hear the countdown; every second would drown them out. */
export const ANNOUNCED_SECONDS: readonly number[] = [60, 45, 30, 15, 10, 5];

/** The activity of docs/behaviour.md#sessions that keeps a session alive. */
export const ACTIVITY_EVENTS = [
  'keydown',
  'wheel',
  'mousemove',
  'mousedown',
  'touchstart',
] as const;

/**
 * Whether the session can run out on the current page, and for which form
 * (docs/behaviour.md#navigation: the timeout is off only on Lookup and the documents-upload entry
 * page). A form page follows its own flag. Any other page (Key Dates, FAQ, …) times out while the
 * claimant holds an authorization, since a claim in progress is held in memory; with none there is
 * nothing to lose. `lastFormType` is the form the claimant was last in, preferred when several are
 * authorized.
 */
export function sessionTimeoutTarget(lastFormType: FormType | null): {
  enabled: boolean;
  formType: FormType | null;
} {
  const { currentPage, activeFormType } = useNavigationStore.getState();
  if (currentPage !== null) {
    return { enabled: currentPage.timeoutEnabled, formType: activeFormType };
  }
  const { forms } = useApplicationStore.getState().authorized;
  const formType =
    lastFormType !== null && forms[lastFormType]
      ? lastFormType
      : (FORM_TYPES.find((type) => forms[type]) ?? null);
  return { enabled: formType !== null, formType };
}

/** The announcement mark the countdown is in: 60 for 46-60 seconds left, 45 for 31-45, ... */
export function announcementMark(seconds: number): number | null {
  return [...ANNOUNCED_SECONDS].sort((a, b) => a - b).find((mark) => seconds <= mark) ?? null;
}

export interface SessionTimerProps {
  /** Drops the claim held in the page; called first when the session ends. */
  onExpire: () => void;
}

/**
 * The session timer of docs/behaviour.md#sessions. Activity resets the expiry; one minute before it
 * a modal that only its Continue button closes counts down; at expiry, on a page whose timeout
 * is enabled (see sessionTimeoutTarget), onExpire drops the claim in memory, the session is
 * marked expired, the server is told, and the claimant lands on the session-expired page with
 * the form and culture. Where the timeout is off the timer restarts without a warning.
 */
export function SessionTimer({ onExpire }: SessionTimerProps) {
  const t = useText();
  const navigate = useNavigate();
  const durationMs = useApplicationStore((state) => state.client.minSessionDuration) * 60_000;
  const onFormPage = useNavigationStore((state) => state.currentPage !== null);
  const pageTimeout = useNavigationStore((state) => state.currentPage?.timeoutEnabled ?? false);
  const holdsAuthorization = useApplicationStore((state) =>
    FORM_TYPES.some((type) => state.authorized.forms[type]),
  );
  const timeoutEnabled = onFormPage ? pageTimeout : holdsAuthorization;
  const activeFormType = useNavigationStore((state) => state.activeFormType);
  const lastFormType = useRef<FormType | null>(null);
  useEffect(() => {
    if (activeFormType !== null) lastFormType.current = activeFormType;
  }, [activeFormType]);
  const expiresAt = useRef(Date.now() + durationMs);
  const [remainingMs, setRemainingMs] = useState(durationMs);
  const warning = timeoutEnabled && remainingMs <= WARNING_MS;
  const warningRef = useRef(warning);
  const expiring = useRef(false);

  useEffect(() => {
    warningRef.current = warning;
  }, [warning]);

  const lastTouch = useRef(Date.now());

  /** Keeps the server's session alive; GET /api/csrf reads it, which slides its expiry. */
  const touchServer = useCallback((force: boolean) => {
    const now = Date.now();
    if (!force && now - lastTouch.current < SERVER_TOUCH_MS) return;
    lastTouch.current = now;
    loadCsrf().catch((error: unknown) => {
      logger.warn('could not keep the server session alive', error);
    });
  }, []);

  const restart = useCallback(() => {
    expiresAt.current = Date.now() + durationMs;
    setRemainingMs(durationMs);
  }, [durationMs]);

  useEffect(restart, [restart]);

  const expire = useCallback(
    async (formType: FormType) => {
      if (expiring.current) return;
      expiring.current = true;
      try {
        const location = sessionExpiredLocation(
          formType,
          useLocalizationStore.getState().activeCulture,
        );
        onExpire();
        useApplicationStore.getState().setSessionExpired(true, location);
        try {
          await sessionTimeout();
        } catch (error) {
          logger.warn('could not tell the server the session timed out', error);
        }
        // The old token belonged to the ended session; the next form needs a fresh one.
        await loadCsrf().catch((error: unknown) => {
          logger.warn('could not load a new antiforgery token after the session timed out', error);
        });
        await navigate(location);
      } finally {
        expiring.current = false;
      }
    },
    [navigate, onExpire],
  );

  useEffect(() => {
    let lastActivity = 0;
    const onActivity = () => {
      // While the warning shows, only Continue keeps the session (docs/behaviour.md#sessions).
      if (warningRef.current) return;
      const now = Date.now();
      if (now - lastActivity < ACTIVITY_THROTTLE_MS) return;
      lastActivity = now;
      expiresAt.current = now + durationMs;
      touchServer(false);
    };
    for (const type of ACTIVITY_EVENTS) {
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    }
    return () => {
      for (const type of ACTIVITY_EVENTS) {
        window.removeEventListener(type, onActivity, { capture: true });
      }
    };
  }, [durationMs, touchServer]);

  useEffect(() => {
    const timer = setInterval(() => {
      const left = expiresAt.current - Date.now();
      if (left > 0) {
        setRemainingMs(left);
        return;
      }
      const { enabled, formType } = sessionTimeoutTarget(lastFormType.current);
      restart();
      if (enabled && formType !== null) void expire(formType);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [restart, expire]);

  const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const copyTemplate = t(
    UI_CONTENT_KEYS.session.warningCopy,
    'For your security, your session will end in {seconds} seconds. Select Continue to keep working on your claim.',
  );
  const copy = formatMessage(copyTemplate, { seconds: String(seconds) });
  const mark = warning ? announcementMark(seconds) : null;

  return (
    <MessageDialog
      show={warning}
      className="session-timeout-modal"
      title={t(UI_CONTENT_KEYS.session.warningTitle, 'Your session is about to expire')}
      message={copy}
      buttonLabel={t(UI_CONTENT_KEYS.button.continue, 'Continue')}
      onButton={() => {
        restart();
        touchServer(true);
      }}
    >
      {/* Changes only at each announcement mark, so a screen reader hears the countdown
          now and then rather than every second. */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">
        {mark === null ? '' : formatMessage(copyTemplate, { seconds: String(mark) })}
      </p>
    </MessageDialog>
  );
}
