import { z } from 'zod';
import { idSchema, jsonIdSchema } from './envelope.js';

/** An AI companion persona as admins define it (GET/POST/PUT /api/admin/personas). */
export const personaInputSchema = z.object({
  name: z.string().trim().min(1).max(50),
  avatar_color: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #7c3aed'),
  system_prompt: z.string().trim().min(1).max(4000),
  /** Empty: the endpoint's default model (LLM_MODEL). */
  model: z.string().trim().max(100).nullable().default(null),
  temperature: z.number().min(0).max(2),
  max_tokens: z.number().int().min(16).max(4000),
  /** The rooms this persona serves; null: every room and random AI chats. */
  room_ids: z.array(jsonIdSchema).max(200).nullable().default(null),
  is_active: z.boolean().default(true),
  /** Replies wait the human-like delay (settings `bot_reply_interval_min/max`); off: the companion starts writing at once. */
  human_delay: z.boolean().default(false),
});
export type PersonaInput = z.infer<typeof personaInputSchema>;

export const personaSchema = personaInputSchema.extend({ id: z.number().int(), created_at: z.string(), updated_at: z.string() });
export type Persona = z.infer<typeof personaSchema>;

export const personaIdParamsSchema = z.object({ id: idSchema });

/** Provider health on this instance (GET /api/admin/ai/health). */
export const aiHealthSchema = z.object({
  provider: z.enum(['openai', 'offline']),
  /** No model configured: the offline demo companion answers. */
  demo: z.boolean(),
  model: z.string().nullable(),
  breaker: z.enum(['closed', 'open', 'half-open']),
  requests: z.number().int(),
  error_rate: z.number(),
  latency_p50_ms: z.number().nullable(),
  latency_p95_ms: z.number().nullable(),
  first_token_p50_ms: z.number().nullable(),
  first_token_p95_ms: z.number().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
});
export type AiHealth = z.infer<typeof aiHealthSchema>;

/** Token usage and estimated cost (GET /api/admin/ai/usage?days=30). */
export const aiUsageQuerySchema = z.object({ days: z.coerce.number().int().min(1).max(366).default(30) });
const usageRowSchema = z.object({ key: z.string(), replies: z.number().int(), tokens: z.number().int(), cost: z.number() });
export const aiUsageSchema = z.object({
  month_tokens: z.number().int(),
  monthly_budget: z.number().int(),
  by_day: z.array(usageRowSchema),
  by_persona: z.array(usageRowSchema),
  by_topic: z.array(usageRowSchema),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;

/** The LLM endpoint an admin connects (PUT /api/admin/ai/connection, POST …/connection/test). */
export const llmConnectionInputSchema = z.object({
  base_url: z.string().trim().url().max(500),
  model: z.string().trim().min(1).max(200),
  /** Absent: keep the stored key; empty: no key (e.g. a local Ollama). */
  api_key: z.string().trim().max(500).optional(),
});
export type LlmConnectionInput = z.infer<typeof llmConnectionInputSchema>;

/** The connection as the admin console sees it: never the key, only whether one is set and its last four characters. */
export const llmConnectionSchema = z.object({
  /** Where the companion's LLM comes from: the admin's connection, the LLM_* environment, or none (the offline companion). */
  source: z.enum(['database', 'environment', 'offline']),
  base_url: z.string().nullable(),
  model: z.string().nullable(),
  key_set: z.boolean(),
  key_last4: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** Whether LLM_BASE_URL is set (the fallback when the admin's connection is removed). */
  environment_configured: z.boolean(),
});
export type LlmConnection = z.infer<typeof llmConnectionSchema>;

/** One short completion against a connection (the form's values, the stored key when none is typed). */
export const llmConnectionTestSchema = llmConnectionInputSchema.partial();
export const llmTestResultSchema = z.object({
  ok: z.boolean(),
  model: z.string().nullable(),
  /** The start of the model's answer. */
  reply: z.string().nullable(),
  error: z.string().nullable(),
  latency_ms: z.number().int(),
});
export type LlmTestResult = z.infer<typeof llmTestResultSchema>;
