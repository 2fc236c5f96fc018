import type { LoginBody, PasskeySignInOptions, UserProfile } from '@parley/contracts';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { localKeys } from '@parley/contracts/constants';
import { texts } from '@parley/contracts/texts';
import { useSyncExternalStore } from 'react';
import { api, ApiError, ensureCsrfCookie, type Envelope } from './api-client';
import { drafts } from './drafts';
import { storage } from './storage';

/**
 * The auth state machine of spec §4. The web app relies on the HttpOnly session
 * cookie and never stores the bearer token itself (a stored token would be
 * readable by any injected script); it still removes one on logout.
 */
export interface AuthState {
  loading: boolean;
  error: string | null;
  isAuthenticated: boolean;
  emailVerified: boolean;
  needsVerification: boolean;
}

export interface RegisterPayload {
  name: string;
  email: string;
  phone: string;
  phoneCountryCode: string;
  nationalNumber: string;
  password: string;
  password_confirmation: string;
  /** 18 or older (issue 15). */
  confirm_adult: true;
}

interface AuthPayload {
  user?: UserProfile;
  email?: string;
  /** TWO_FACTOR: the account has a passkey (issue 36). */
  passkey?: boolean;
}

/** Raised when the server answers VERIFY: the account must confirm its email first. */
export class VerificationRequiredError extends Error {
  readonly status = 'VERIFY' as const;
  constructor(
    readonly email: string,
    message: string,
  ) {
    super(message);
    this.name = 'VerificationRequiredError';
  }
}

/** Raised when the server answers TWO_FACTOR: the password was right, now the code (issue 15). */
export class TwoFactorRequiredError extends Error {
  readonly status = 'TWO_FACTOR' as const;
  constructor(
    message: string,
    /** The account has a passkey: signing in with it is the second step too (issue 36). */
    readonly passkey = false,
  ) {
    super(message);
    this.name = 'TwoFactorRequiredError';
  }
}

/** The browser's passkey dialog was cancelled, timed out or is not available (issue 36). */
export class PasskeyCancelledError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyCancelledError';
  }
}

type Listener = () => void;

const hasMarker = () => storage.get(localKeys.authSession) !== null;

function initialState(): AuthState {
  return { loading: false, error: null, isAuthenticated: hasMarker(), emailVerified: false, needsVerification: false };
}

let state: AuthState = initialState();
const listeners = new Set<Listener>();
let onReset: () => void = () => undefined;

function setState(changes: Partial<AuthState>) {
  state = { ...state, ...changes };
  for (const listener of listeners) listener();
}

function markAuthenticated(emailVerified: boolean) {
  storage.set(localKeys.authSession, '1');
  setState({ isAuthenticated: true, emailVerified, needsVerification: false, error: null });
}

function clearLocal() {
  storage.remove(localKeys.authSession);
  storage.remove(localKeys.token);
  drafts.clearAll();
  setState({ isAuthenticated: false, emailVerified: false, needsVerification: false, loading: false });
  onReset();
}

async function authenticate(path: '/login' | '/register' | '/passkey/sign-in', body: object, fallback: string) {
  setState({ loading: true, error: null });
  try {
    await ensureCsrfCookie(true);
    const response = await api.post<Envelope<AuthPayload>>(path, body);
    if (response.status === 'VERIFY') {
      setState({ needsVerification: true });
      const email = response.payload?.email ?? ('email' in body ? String(body.email) : '');
      throw new VerificationRequiredError(email, response.message ?? texts.auth.emailNotVerified);
    }
    if (response.status === 'TWO_FACTOR')
      throw new TwoFactorRequiredError(response.message ?? texts.twoFactor.codeRequired, response.payload?.passkey === true);
    markAuthenticated(response.payload?.user?.email_verified ?? true);
    return response.payload?.user ?? null;
  } catch (error) {
    if (!(error instanceof VerificationRequiredError) && !(error instanceof TwoFactorRequiredError)) {
      setState({ error: error instanceof ApiError ? (error.firstError() ?? error.message) : fallback });
    }
    throw error;
  } finally {
    setState({ loading: false });
  }
}

export const authStore = {
  getState: () => state,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Registered once by the app: clears the user store (the query cache). */
  setResetHandler(handler: () => void) {
    onReset = handler;
  },

  /** GET /is-auth. A failure is logged and falls back to the local marker. */
  async checkAuth() {
    setState({ loading: true });
    try {
      const response = await api.get<{ authenticated?: boolean; emailVerified?: boolean; payload?: { authenticated?: boolean; emailVerified?: boolean } }>(
        '/is-auth',
      );
      const authenticated = Boolean(response.authenticated ?? response.payload?.authenticated);
      const emailVerified = Boolean(response.emailVerified ?? response.payload?.emailVerified);
      if (authenticated) markAuthenticated(emailVerified);
      else {
        storage.remove(localKeys.authSession);
        // Signed out elsewhere (another tab, an expired session): the drafts typed here go too (issue 34 §2).
        drafts.clearAll();
        setState({ isAuthenticated: false, emailVerified: false });
      }
    } catch (error) {
      console.error('Auth check failed', error);
      setState({ isAuthenticated: hasMarker(), emailVerified: false });
    } finally {
      setState({ loading: false });
    }
    return state;
  },

  login: (body: LoginBody) => authenticate('/login', body, texts.auth.authenticationFailed),

  /**
   * Sign-in with a passkey alone (issue 36): options with no account named, the browser's passkey
   * dialog, then the signed answer. A cancelled dialog throws PasskeyCancelledError.
   */
  async signInWithPasskey() {
    await ensureCsrfCookie(true);
    const started = await api.post<Envelope<PasskeySignInOptions>>('/passkey/sign-in/options');
    const { startAuthentication } = await import('@simplewebauthn/browser');
    let response: unknown;
    try {
      response = await startAuthentication({ optionsJSON: started.payload.options as unknown as PublicKeyCredentialRequestOptionsJSON });
    } catch (error) {
      throw new PasskeyCancelledError(error instanceof Error ? error.message : String(error));
    }
    return authenticate('/passkey/sign-in', { attempt: started.payload.attempt, response }, texts.passkeys.failed);
  },
  register: (body: RegisterPayload) => authenticate('/register', body, texts.auth.registrationFailed),

  /** POST /logout; the local state is cleared even when the call fails. */
  async logout() {
    try {
      await api.post('/logout');
    } catch (error) {
      console.error(texts.auth.logoutFailed, error);
    } finally {
      clearLocal();
    }
  },

  /** The session ended on the server (a 401): forget it locally without calling the server. */
  expireSession() {
    clearLocal();
  },

  /** Test helper. */
  reset() {
    state = initialState();
    onReset = () => undefined;
  },
};

/** Whether the current screen needs a login: a 401 there shows the session-expired toast. */
let loginRequiredScreen = false;
export const setLoginRequiredScreen = (value: boolean) => {
  loginRequiredScreen = value;
};
export const isLoginRequiredScreen = () => loginRequiredScreen;

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
