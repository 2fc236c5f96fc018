import { type Generated, type Selectable } from 'kysely';

/** A user's WebAuthn credential (migration 0340): the public key and counter the server checks each sign-in against. */
export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as the authenticator made it. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: Generated<number>;
  /** Comma-separated authenticator transports (usb, nfc, ble, internal, hybrid…). */
  transports: Generated<string>;
  device_type: 'singleDevice' | 'multiDevice';
  backed_up: Generated<number>;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
export type PasskeyRow = Selectable<PasskeysTable>;

/** A ceremony's challenge: single-use, short-lived, bound to a session or a sign-in attempt by `binding_hash`. */
export interface PasskeyChallengesTable {
  id: Generated<number>;
  challenge: string;
  kind: 'register' | 'sign_in';
  user_id: number | null;
  binding_hash: string;
  expires_at: string;
  created_at: string;
}
