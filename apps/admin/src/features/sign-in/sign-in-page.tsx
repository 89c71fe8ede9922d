import { SIGN_IN_REFUSED_MESSAGE, type SignInResponse } from '@claims/core/admin/admin-api';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { MAIN_CONTENT_ID } from '../../app/use-route-focus';
import { usePageTitle } from '../../app/use-page-title';
import { enrollTotp, errorMessage, isApiError, signIn, verifyTotp } from '../../lib/api-client';
import { sessionStore } from '../../lib/session-store';

type Step = { kind: 'password' } | SignInResponse;

const REASONS: Readonly<Record<string, string>> = {
  expired: 'Your session has ended. Sign in again to continue.',
  'signed-out': 'You are signed out.',
};

/** Where to go after signing in: a page of the console, never another site. */
function nextPage(value: string | null): string {
  return value !== null && /^\/(?![/\\])/.test(value) ? value : '/';
}

/** "JBSW Y3DP EHPK 3PXP": the secret in groups of four, easier to read and to type. */
function groupedSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

export function SignInPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { email: useId(), password: useId(), code: useId(), codeHelp: useId() };
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const stepName = 'kind' in step ? 'password' : step.next;
  usePageTitle(stepName === 'password' ? 'Sign in' : 'Two-step sign-in');

  // Each new step is announced by moving the focus to its heading.
  useEffect(() => {
    if (stepName !== 'password') stepHeading.current?.focus();
  }, [stepName]);

  const reason = REASONS[search.get('reason') ?? ''];

  async function submitPassword(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const next = await signIn({ email, password });
      setPassword('');
      setCode('');
      setStep(next);
    } catch (failure) {
      setError(isApiError(failure, 401) ? SIGN_IN_REFUSED_MESSAGE : errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) {
      setError('Enter the 6-digit code your authenticator app shows.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const me = await (stepName === 'enroll' ? enrollTotp(digits) : verifyTotp(digits));
      sessionStore.signedIn(me);
      await navigate(nextPage(search.get('next')), { replace: true });
    } catch (failure) {
      setCode('');
      if (isApiError(failure, 401)) {
        setStep({ kind: 'password' });
        setError('The sign-in was not completed in time. Start again with your password.');
      } else if (isApiError(failure, 400)) {
        setError('That code is not right. Enter the code your authenticator app shows now.');
      } else {
        setError(errorMessage(failure));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <main id={MAIN_CONTENT_ID} className="container py-5" style={{ maxWidth: '32rem' }}>
      <h1 className="mb-4">Sign in to the claims console</h1>
      {reason !== undefined && error === null ? (
        <p className="alert alert-info" role="status">
          {reason}
        </p>
      ) : null}
      <div role="alert">
        {error === null ? null : <p className="alert alert-danger">{error}</p>}
      </div>

      {'kind' in step ? (
        <form onSubmit={(event) => void submitPassword(event)} noValidate>
          <div className="mb-3">
            <label htmlFor={ids.email} className="form-label">
              E-mail address
            </label>
            <input
              id={ids.email}
              className="form-control"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </div>
          <div className="mb-3">
            <label htmlFor={ids.password} className="form-label">
              Password
            </label>
            <input
              id={ids.password}
              className="form-control"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Continue
          </button>
        </form>
      ) : (
        <form onSubmit={(event) => void submitCode(event)} noValidate>
          {step.next === 'enroll' ? (
            <section aria-labelledby="enroll-heading">
              <h2 id="enroll-heading" ref={stepHeading} tabIndex={-1} className="h4">
                Set up your authenticator app
              </h2>
              <p>
                Every sign-in needs a code from an authenticator app. Scan this QR code with the
                app, or type the key below into it, then enter the code it shows.
              </p>
              <QRCodeSVG
                value={step.otpauthUri}
                size={192}
                marginSize={4}
                role="img"
                aria-label="QR code of your authenticator key"
                className="d-block mb-3"
              />
              <p>
                Key:{' '}
                <code className="fs-5" aria-hidden="true">
                  {groupedSecret(step.secret)}
                </code>
                <span className="visually-hidden">{step.secret.split('').join(' ')}</span>
              </p>
            </section>
          ) : (
            <h2 ref={stepHeading} tabIndex={-1} className="h4">
              Enter your sign-in code
            </h2>
          )}
          <div className="mb-3">
            <label htmlFor={ids.code} className="form-label">
              6-digit code
            </label>
            <input
              id={ids.code}
              className="form-control"
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-describedby={ids.codeHelp}
              required
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <div id={ids.codeHelp} className="form-text">
              The code your authenticator app shows for the claims console. It changes every 30
              seconds.
            </div>
          </div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Sign in
          </button>
        </form>
      )}
    </main>
  );
}
