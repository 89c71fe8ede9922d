import {
  ADMIN_SESSION_ABSOLUTE_HOURS,
  ADMIN_SESSION_IDLE_MINUTES,
  type MeResponse,
} from '@claims/core/admin/admin-api';
import { hasPermission } from '@claims/core/admin/admin-roles';
import { useCallback, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LoadStatus } from '../components/load-status';
import {
  getCaseSettings,
  getMe,
  lastActivityAt,
  onActivity,
  onSessionEnded,
  signOut,
} from '../lib/api-client';
import { ROLE_LABELS } from '../lib/labels';
import { sessionStore, useSession } from '../lib/session-store';
import { useApiData } from '../lib/use-api-data';
import { CONSOLE_NAME } from './use-page-title';
import { MAIN_CONTENT_ID, useRouteFocus } from './use-route-focus';

/** How long before the session ends the administrator is warned, with a way to stay. */
const WARNING_MS = 60_000;

/** The sign-in page's address, with where to come back to and why. */
export function signInPath(reason: 'expired' | 'signed-out' | null, next?: string): string {
  const params = new URLSearchParams();
  if (reason !== null) params.set('reason', reason);
  if (next !== undefined && next !== '/' && next.startsWith('/')) params.set('next', next);
  const query = params.toString();
  return query === '' ? '/sign-in' : `/sign-in?${query}`;
}

/**
 * When the session ends: the idle limit after the last call (the server's word for it, or
 * later calls since), or the absolute limit, whichever comes first.
 */
function sessionEnd(me: MeResponse): { at: number; cause: SessionEndCause } {
  const idle = Math.max(
    Date.parse(me.idleExpiresAt),
    lastActivityAt() + ADMIN_SESSION_IDLE_MINUTES * 60_000,
  );
  const absolute = Date.parse(me.absoluteExpiresAt);
  return idle < absolute ? { at: idle, cause: 'idle' } : { at: absolute, cause: 'absolute' };
}

type SessionEndCause = 'idle' | 'absolute';

/** Timers wait at most this long before looking again (a longer delay overflows them). */
const LONGEST_WAIT_MS = 60 * 60_000;

/** Which end of the session is less than a minute away, if one is. */
function useSessionTimer(me: MeResponse | null, onEnd: () => void): SessionEndCause | null {
  const [warning, setWarning] = useState<SessionEndCause | null>(null);
  useEffect(() => {
    if (me === null) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      clearTimeout(timer);
      const end = sessionEnd(me);
      const left = end.at - Date.now();
      if (left <= 0) {
        onEnd();
        return;
      }
      setWarning(left <= WARNING_MS ? end.cause : null);
      const next = left <= WARNING_MS ? left : left - WARNING_MS;
      timer = setTimeout(check, Math.min(next, LONGEST_WAIT_MS));
    };
    check();
    const stop = onActivity(check);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [me, onEnd]);
  return warning;
}

/**
 * The frame of every signed-in page: skip link, header with the case and the administrator,
 * navigation, and the page in the main landmark. Sends a browser without a session to sign in.
 */
export function ConsoleLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const { me, caseSettings } = useSession();
  useRouteFocus();

  // Where to come back to after signing in again.
  const here = `${location.pathname}${location.search}`;
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);
  const ended = useCallback(() => {
    sessionStore.clear();
    void navigate(signInPath('expired', hereRef.current), { replace: true });
  }, [navigate]);
  useEffect(() => onSessionEnded(ended), [ended]);

  const meData = useApiData(`me:${me === null}`, (signal) =>
    me === null
      ? getMe(signal).then((answer) => (sessionStore.signedIn(answer), answer))
      : Promise.resolve(me),
  );
  const caseData = useApiData(`case:${me === null}`, (signal) =>
    me === null || caseSettings !== null
      ? Promise.resolve(caseSettings)
      : getCaseSettings(signal).then((answer) => (sessionStore.setCaseSettings(answer), answer)),
  );

  const warning = useSessionTimer(me, ended);

  async function leave() {
    await signOut().catch(() => undefined);
    sessionStore.clear();
    await navigate(signInPath('signed-out'), { replace: true });
  }

  if (me === null) {
    return (
      <main id={MAIN_CONTENT_ID} className="container py-4">
        <h1 className="visually-hidden">{CONSOLE_NAME}</h1>
        <LoadStatus data={meData} loadingText="Checking your session…" onRetry={meData.reload} />
      </main>
    );
  }

  return (
    <>
      <a className="visually-hidden-focusable skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <header className="border-bottom bg-light">
        <div className="container d-flex flex-wrap align-items-center gap-3 py-2">
          <p className="h5 mb-0 me-auto">
            {CONSOLE_NAME}
            {caseSettings === null ? null : (
              <span className="d-block small text-body-secondary">{caseSettings.caseName}</span>
            )}
          </p>
          <nav aria-label="Console">
            <ul className="nav">
              <li className="nav-item">
                <NavLink className="nav-link" to="/" end>
                  Claims queue
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink className="nav-link" to="/fraud">
                  Fraud holds
                </NavLink>
              </li>
              <li className="nav-item">
                <NavLink className="nav-link" to="/dashboard">
                  Dashboard
                </NavLink>
              </li>
              {hasPermission(me.role, 'data:import') ? (
                <li className="nav-item">
                  <NavLink className="nav-link" to="/imports">
                    Imports
                  </NavLink>
                </li>
              ) : null}
              {hasPermission(me.role, 'data:export') ? (
                <li className="nav-item">
                  <NavLink className="nav-link" to="/exports">
                    Exports
                  </NavLink>
                </li>
              ) : null}
              {hasPermission(me.role, 'audit:read') ? (
                <li className="nav-item">
                  <NavLink className="nav-link" to="/audit">
                    Audit log
                  </NavLink>
                </li>
              ) : null}
            </ul>
          </nav>
          <p className="mb-0 small">
            Signed in as {me.email} ({ROLE_LABELS[me.role]})
          </p>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => void leave()}
          >
            Sign out
          </button>
        </div>
      </header>
      <div role="status" aria-live="polite" className="container">
        {warning === 'absolute' ? (
          <p className="alert alert-warning mt-3 mb-0">
            Your session reaches its {ADMIN_SESSION_ABSOLUTE_HOURS}-hour limit in less than a
            minute. Finish what you are writing; you will then sign in again.
          </p>
        ) : null}
        {warning === 'idle' ? (
          <div className="alert alert-warning d-flex align-items-center gap-3 mt-3 mb-0">
            <span>Your session ends in less than a minute unless you stay signed in.</span>
            <button
              type="button"
              className="btn btn-warning btn-sm"
              onClick={() => void getMe().then(sessionStore.signedIn, () => undefined)}
            >
              Stay signed in
            </button>
          </div>
        ) : null}
      </div>
      {caseData.state === 'error' ? (
        <div className="container mt-3">
          <LoadStatus data={caseData} loadingText="" onRetry={caseData.reload} />
        </div>
      ) : null}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="container py-4">
        <Outlet />
      </main>
    </>
  );
}
