import { SIGN_IN_REFUSED_MESSAGE } from '@claims/core/admin/admin-api';
import {
  caseSettingsFixture,
  claimsResponseFixture,
  meFixture,
} from '@claims/core/admin/test-helpers';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../testing/axe';
import { stubFetch, type Reply } from '../../testing/fetch-stub';
import { renderConsole } from '../../testing/render-console';

const ENROLL = {
  next: 'enroll',
  otpauthUri:
    'otpauth://totp/Claims%20console:rita.reviewer%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=Claims%20console',
  secret: 'JBSWY3DPEHPK3PXP',
};

function stubSignIn(step: Reply, code: Reply = { body: meFixture() }) {
  return stubFetch({
    'POST /admin/api/sign-in': step,
    'POST /admin/api/sign-in/totp': code,
    'POST /admin/api/sign-in/enroll': code,
    'GET /admin/api/me': { body: meFixture() },
    'GET /admin/api/case': { body: caseSettingsFixture() },
    'GET /admin/api/claims': { body: claimsResponseFixture() },
  });
}

async function enterPassword() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail address'), 'rita.reviewer@example.test');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the sign-in page', () => {
  it('sends the e-mail address and password', async () => {
    const api = stubSignIn({ body: { next: 'totp' } });
    renderConsole('/sign-in');
    await enterPassword();
    await screen.findByRole('heading', { name: 'Enter your sign-in code' });
    expect(api.callsTo('POST /admin/api/sign-in')[0]?.body).toEqual({
      email: 'rita.reviewer@example.test',
      password: 'correct horse',
    });
  });

  it('opens the queue once the code is right', async () => {
    stubSignIn({ body: { next: 'totp' } });
    renderConsole('/sign-in');
    const user = await enterPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Claims queue' })).toBeVisible();
  });

  it('sends the code without the spaces typed in it', async () => {
    const api = stubSignIn({ body: { next: 'totp' } });
    renderConsole('/sign-in');
    const user = await enterPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Claims queue' });
    expect(api.callsTo('POST /admin/api/sign-in/totp')[0]?.body).toEqual({ code: '123456' });
  });

  it('returns to the page the session ended on', async () => {
    stubSignIn({ body: { next: 'totp' } });
    const router = renderConsole('/sign-in?reason=expired&next=%2Faudit');
    const user = await enterPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Audit log' });
    expect(router.state.location.pathname).toBe('/admin/audit');
  });

  it('never follows a next address to another site', async () => {
    stubSignIn({ body: { next: 'totp' } });
    const router = renderConsole('/sign-in?next=%2F%2Fevil.example');
    const user = await enterPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Claims queue' });
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('gives one message for every refused password, whoever asks', async () => {
    stubSignIn({ status: 401, body: { error: 'no account rita.reviewer@example.test' } });
    renderConsole('/sign-in');
    await enterPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(SIGN_IN_REFUSED_MESSAGE);
  });

  it('asks for the code again when it is wrong', async () => {
    stubSignIn({ body: { next: 'totp' } }, { status: 400, body: { error: 'wrong code' } });
    renderConsole('/sign-in');
    const user = await enterPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/That code is not right/)).toBeVisible();
    expect(screen.getByLabelText('6-digit code')).toHaveValue('');
  });

  it('starts again with the password when the code step has expired', async () => {
    stubSignIn({ body: { next: 'totp' } }, { status: 401, body: { error: 'expired' } });
    renderConsole('/sign-in');
    const user = await enterPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/not completed in time/)).toBeVisible();
    expect(screen.getByLabelText('Password')).toBeVisible();
  });

  it('refuses a code that is not six digits before asking the server', async () => {
    const api = stubSignIn({ body: { next: 'totp' } });
    renderConsole('/sign-in');
    const user = await enterPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(/Enter the 6-digit code/)).toBeVisible();
    expect(api.callsTo('POST /admin/api/sign-in/totp')).toHaveLength(0);
  });

  it('shows a QR code to enroll an authenticator at the first sign-in', async () => {
    stubSignIn({ body: ENROLL });
    renderConsole('/sign-in');
    await enterPassword();
    expect(
      await screen.findByRole('img', { name: 'QR code of your authenticator key' }),
    ).toBeVisible();
  });

  it('spells out the enrollment key for a screen reader', async () => {
    stubSignIn({ body: ENROLL });
    renderConsole('/sign-in');
    await enterPassword();
    expect(await screen.findByText('J B S W Y 3 D P E H P K 3 P X P')).toBeInTheDocument();
  });

  it('confirms the enrollment with the first code', async () => {
    const api = stubSignIn({ body: ENROLL });
    renderConsole('/sign-in');
    const user = await enterPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Claims queue' });
    expect(api.callsTo('POST /admin/api/sign-in/enroll')[0]?.body).toEqual({ code: '654321' });
  });

  it('says why the administrator is back at sign-in', async () => {
    stubSignIn({ body: { next: 'totp' } });
    renderConsole('/sign-in?reason=expired');
    expect(await screen.findByText(/Your session has ended/)).toBeVisible();
  });

  it('moves the focus to the code step’s heading', async () => {
    stubSignIn({ body: { next: 'totp' } });
    renderConsole('/sign-in');
    await enterPassword();
    expect(await screen.findByRole('heading', { name: 'Enter your sign-in code' })).toHaveFocus();
  });

  it('names the tab after the page', async () => {
    stubSignIn({ body: { next: 'totp' } });
    renderConsole('/sign-in');
    await screen.findByLabelText('E-mail address');
    // The title is set by an effect, which React may run after the page shows.
    await vi.waitFor(() => expect(document.title).toBe('Sign in | Claims console'));
  });

  it('passes axe on the password step', async () => {
    stubSignIn({ body: { next: 'totp' } });
    renderConsole('/sign-in');
    await screen.findByLabelText('E-mail address');
    await expectNoAxeViolations();
  });

  it('passes axe on the enrollment step with an error shown', async () => {
    stubSignIn({ body: ENROLL }, { status: 400, body: { error: 'wrong code' } });
    renderConsole('/sign-in');
    const user = await enterPassword();
    await user.type(await screen.findByLabelText('6-digit code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText(/That code is not right/);
    await expectNoAxeViolations();
  });
});
