import { pageMeta, type Message, type PageMeta, type Topic, type UserProfile } from '@parley/contracts';

/**
 * Answers as the server sends them, for tests that serve them: the fetchers parse every answer with
 * its contract schema (issue 32 §3), so a fixture must have the contract's full shape.
 */
export function testTopic(fields: Partial<Topic> & { id: number }): Topic {
  return {
    title: `Topic ${fields.id}`,
    room_id: 1,
    room: { title: 'Room 1', border_color: 'purple' },
    user_id: null,
    guest_id: null,
    participants_count: 1,
    is_closed: false,
    closed_by: null,
    companion_name: 'Mia',
    chat_mode: 'human',
    is_highlighted: false,
    highlight_color: null,
    text_look: 'normal',
    color: null,
    terms: { title: '', description: '', rules: [] },
    is_member: true,
    is_owner: true,
    interlocutor_name: null,
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    ...fields,
  };
}

export function testMessage(fields: Partial<Message> & { id: number }): Message {
  return {
    topic_id: 1,
    content: 'Hello',
    text: 'Hello',
    sender: 'Mia',
    sender_id: null,
    sender_kind: 'user',
    is_mine: false,
    is_typing: false,
    cost: 0,
    look: null,
    attachments: [],
    created_at: '2026-11-27T10:00:00.000Z',
    ...fields,
  };
}

/** Page metadata as the server computes it. */
export const testPageMeta = (page: number, perPage: number, total: number): PageMeta => pageMeta(page, perPage, total);

const at = '2026-11-27T10:00:00.000Z';

/** A deposit as GET /deposit/status answers it; `fields` override (JSON fixtures of tests). */
export const testDeposit = (fields: object) => ({
  id: 1,
  status: 'pending',
  amount: 25,
  vat_percent: 0,
  vat: 0,
  total: 25,
  currency: 'EUR',
  points: 2500,
  bundle_id: null,
  message: null,
  created_at: at,
  display: { currency: 'EUR', symbol: '€', amount: 25, vat: 0, total: 25 },
  charged: { currency: 'EUR', net_cents: 2500, vat_cents: 0, total_cents: 2500, refunded_cents: 0 },
  expires_at: null,
  has_receipt: false,
  ...fields,
});

/** A contributor application as GET /become-contributor/status answers it. */
export const testApplication = (fields: object) => ({
  id: 1,
  status: 'pending',
  nickname: 'Nick',
  email: 'nick@example.com',
  experience: 'Some',
  interests: 'Many',
  help_description: 'Helping',
  created_at: at,
  decided_at: null,
  ...fields,
});

/** A profile as GET /user/profile answers it. */
export const testProfile = (fields: Partial<UserProfile>): UserProfile => ({
  id: 1,
  name: 'demo',
  surname: null,
  email: 'demo@parley.chat',
  phone: null,
  phone_country_code: null,
  phone_national_number: null,
  avatar_color: 'teal-blue',
  avatarUrl: null,
  country_id: null,
  country: null,
  city: null,
  address: null,
  zip: null,
  post_code: null,
  balance: 0,
  points: 0,
  is_channel: false,
  channel_expire_at: null,
  is_contributor: false,
  is_admin: false,
  email_verified: true,
  adult_confirmed: true,
  two_factor_enabled: false,
  chat_name: 'demo',
  language_id: null,
  created_at: at,
  ...fields,
});
