import { type UserRow } from '../users/users.table.js';

/**
 * Whether the account signs in with two factors: an authenticator app (TOTP) or a passkey (issue 36 §3).
 * Password sign-in then asks for a second factor, and the guards that require one (admin console,
 * payouts: 403 TWO_FACTOR_REQUIRED) let the account through.
 */
export const hasSecondFactor = (user: Pick<UserRow, 'totp_enabled_at' | 'passkey_count'>) => user.totp_enabled_at !== null || user.passkey_count > 0;
