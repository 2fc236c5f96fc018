import { avatarColors, defaultAvatarColor, type AvatarColor, type UserProfile } from '@parley/contracts';
import { publicChatName } from './chat-name.js';
import { type UserRow } from './users.table.js';
import { hasSecondFactor } from '../auth/second-factor.js';

export const normalizeAvatarColor = (value: string): AvatarColor =>
  (avatarColors as readonly string[]).includes(value) ? (value as AvatarColor) : defaultAvatarColor;

export const isChannelActive = (user: Pick<UserRow, 'channel_expire_at'>, now: Date) =>
  user.channel_expire_at !== null && user.channel_expire_at > now.toISOString();

/** The API shape of a user (spec §3 User). */
export function toUserProfile(user: UserRow, now: Date, country: { id: number; title: string } | null = null): UserProfile {
  return {
    id: user.id,
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
    phone_country_code: user.phone_country_code,
    phone_national_number: user.phone_national_number,
    avatar_color: normalizeAvatarColor(user.avatar_color),
    avatarUrl: null,
    country_id: user.country_id,
    country: country ? { id: country.id, name: country.title } : null,
    city: user.city,
    address: user.address,
    zip: user.zip,
    post_code: user.zip,
    balance: user.balance,
    points: user.balance,
    is_channel: isChannelActive(user, now),
    channel_expire_at: user.channel_expire_at,
    is_contributor: user.is_contributor === 1,
    is_admin: user.role === 'admin',
    email_verified: user.email_verified_at !== null,
    adult_confirmed: user.adult_confirmed_at !== null,
    two_factor_enabled: hasSecondFactor(user),
    chat_name: publicChatName(user),
    language_id: user.language_id,
    created_at: user.created_at,
  };
}
