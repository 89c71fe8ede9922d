import type { FastifyRequest } from 'fastify';
import type { VerifiedPayPal } from './paypal-client';

/** The random value carried through the PayPal login to tie its answer to this session. */
export interface PayPalLoginState {
  value: string;
  /** ISO 8601 instant after which the login link is refused. */
  expiresAt: string;
}

/** Outcome of the claimant's last PayPal login in this session. */
export type PayPalVerification =
  | ({ status: 'verified'; verifiedAt: string } & VerifiedPayPal)
  | { status: 'failed'; reason: string; failedAt: string };

/** The PayPal part of a session: the pending login's state and the last login's outcome. */
export interface PayPalSessionData {
  loginState: PayPalLoginState | null;
  verification: PayPalVerification | null;
}

/**
 * What the PayPal routes keep in the claimant's session. The session layer implements it; the
 * values must be plain JSON so they survive a session stored in the database.
 */
export interface PayPalSessionAccessor {
  getLoginState(request: FastifyRequest): Promise<PayPalLoginState | null>;
  setLoginState(request: FastifyRequest, state: PayPalLoginState | null): Promise<void>;
  getVerification(request: FastifyRequest): Promise<PayPalVerification | null>;
  setVerification(request: FastifyRequest, verification: PayPalVerification | null): Promise<void>;
}
