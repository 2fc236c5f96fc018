import { type Generated, type Insertable, type Selectable, type Updateable } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: string;
  surname: string | null;
  phone: string | null;
  phone_country_code: string | null;
  phone_national_number: string | null;
  avatar_color: Generated<string>;
  country_id: number | null;
  city: string | null;
  address: string | null;
  zip: string | null;
  /** Changed only by the ledger (modules/ledger). */
  balance: Generated<number>;
  /** The promotional part of the balance (0 ≤ promo_balance ≤ balance) and what the last move did to it: ledger only (decision 029). */
  promo_balance: Generated<number>;
  promo_moved: Generated<number>;
  /** Personal spending limits in coins (null: none) and a raised limit waiting for its 24 hours (modules/ledger/spending-limits). */
  spend_limit_daily: number | null;
  spend_limit_monthly: number | null;
  spend_limit_next_daily: number | null;
  spend_limit_next_monthly: number | null;
  spend_limit_next_at: string | null;
  /** A coin spend above this asks first in the app (channel status, topic creation); 0: always. */
  spend_confirm_above: Generated<number>;
  /** Coins spent in the UTC day / month named by the key (written by the ledger's debit). */
  spent_day_key: string | null;
  spent_day: Generated<number>;
  spent_month_key: string | null;
  spent_month: Generated<number>;
  role: Generated<'user' | 'admin'>;
  is_contributor: Generated<number>;
  channel_expire_at: string | null;
  email_verified_at: string | null;
  banned_at: string | null;
  /** The public name the user picked; null shows a generated alias (users.mapper#publicChatName). */
  chat_name: string | null;
  /** The approved interlocutor nickname: shown instead of the chat name. */
  contributor_nickname: string | null;
  /** When the user confirmed they are 18 or older (null: not yet; users/adult.ts). */
  adult_confirmed_at: string | null;
  /** Two-factor sign-in (modules/auth/two-factor.service.ts): sealed secrets, when enabled, the last accepted step. */
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled_at: string | null;
  totp_last_step: Generated<number>;
  /** How many passkeys the account has (modules/auth/passkeys.service.ts): one counts as a second factor. */
  passkey_count: Generated<number>;
  /** When the account was deleted: the row is an anonymous tombstone since (modules/account). */
  deleted_at: string | null;
  /** The language mail and notices are written in (languages.id; null: the default language). */
  language_id: number | null;
  created_at: string;
  updated_at: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
