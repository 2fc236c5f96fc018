import { type Generated, type Selectable } from 'kysely';

/** pending → processing → sent | failed; pending → cancelled. */
export type CompanionReplyStatus = 'pending' | 'processing' | 'sent' | 'failed' | 'cancelled';

export interface CompanionRepliesTable {
  id: Generated<number>;
  topic_id: number;
  /** The newest user message this reply answers; later messages extend the pending reply. */
  last_user_message_id: number;
  /** The first message of the burst: with the last, what the user paid for if no reply comes. */
  first_user_message_id: number | null;
  status: CompanionReplyStatus;
  due_at: string;
  attempts: Generated<number>;
  /** The instance working on it, and since when (a lease: a crashed worker's claim expires). */
  claimed_by: string | null;
  claimed_at: string | null;
  reply_message_id: number | null;
  error: string | null;
  persona_id: number | null;
  model: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  /** From the claim to the stored reply, and to the provider's first text. */
  latency_ms: number | null;
  first_token_ms: number | null;
  /** Coins given back because no reply could be produced (set once, with the ledger entry). */
  refunded_coins: number | null;
  /** A regeneration: the companion message this reply replaces (migration 0270). */
  regenerates_message_id: Generated<number | null>;
  /** The owner stopped it: the text shown so far was stored (migration 0270). */
  stopped_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
}
export type CompanionReplyRow = Selectable<CompanionRepliesTable>;

/** An admin-defined companion: who it is, which model answers, and where it serves. */
export interface CompanionPersonasTable {
  id: Generated<number>;
  name: string;
  avatar_color: string;
  system_prompt: string;
  model: string | null;
  temperature: number;
  max_tokens: number;
  /** JSON array of room ids; null: every room and random AI chats. */
  room_ids: string | null;
  is_active: number;
  /** 1: replies wait the human-like delay (`bot_reply_interval_min/max`); 0 (default): at once (migration 0270). */
  human_delay: Generated<number>;
  created_at: string;
  updated_at: string;
}
export type CompanionPersonaRow = Selectable<CompanionPersonasTable>;

/** The admin-connected LLM endpoint (one row, id 1; migration 0260). */
export interface LlmConnectionTable {
  id: number;
  base_url: string;
  model: string;
  /** AES-256-GCM sealed API key (lib/secret-box, payout key, context 'llm-connection'); null: no key. */
  api_key_sealed: string | null;
  api_key_last4: string | null;
  updated_at: string;
}
export type LlmConnectionRow = Selectable<LlmConnectionTable>;
