import { crisisCardSchema } from './crisis.js';
import { z } from 'zod';
import { attachmentTypes, chatModes, limits, textLooks } from './constants.js';
import { envelopeSchema, pageMetaSchema, idSchema, MAX_DB_ID } from './envelope.js';
import { texts } from './texts.js';

const t = texts.topics;
/**
 * An id (envelope.ts#idSchema) whose refusals say `message`: missing, empty, not a whole number, out of range.
 * A value that is not a number at all (`topic_id=abc`, issue 32) is a type error naming the field instead
 * (the server's error map), not a lookup that found nothing.
 */
const positiveId = (message?: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number.isNaN(Number(v)) ? v : Number(v)) : v),
    z
      .number({ error: (issue) => (issue.input === undefined ? message : undefined) })
      .int({ error: message })
      .positive({ error: message })
      .max(MAX_DB_ID, { error: message }),
  );

/** Rooms, topics, messages, attachments and reports: spec §7 "Rooms, topics, messages". */
export const roomsIndexQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/**
 * GET /topics/index pages (issue 38): `page_size` topics (default limits.topicsPageSize) from `cursor`, the
 * `next_cursor` of the page before (absent: the first page). The payload stays the spec's list of topics.
 */
export const topicsIndexQuerySchema = z.object({
  room_id: z.preprocess((v) => (v === '' || v === 'all' || v === 'null' ? undefined : v), positiveId().optional()),
  cursor: z
    .string()
    .regex(/^h?[1-9][0-9]{0,9}$/)
    .optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(limits.topicsPageSize),
});
export type TopicsIndexQuery = z.infer<typeof topicsIndexQuerySchema>;

export const topicIdQuerySchema = z.object({ topic_id: positiveId(texts.chat.topicNotFound) });
export const topicIdBodySchema = z.object({ topic_id: positiveId(texts.chat.topicNotFound) });
export type TopicIdBody = z.infer<typeof topicIdBodySchema>;

export const createTopicBodySchema = z.object({
  room_id: positiveId(t.selectRoom),
  title: z.string({ error: t.nameRequired }).trim().min(1, { error: t.nameRequired }).max(limits.topicNameMax, { error: t.nameTooLong }),
  /** Channel users only (spec §5 Create topic): required for them, ignored for everyone else. */
  text_look: z.enum(textLooks, { error: t.textStyleRequired }).optional(),
  color: z
    .string({ error: t.textColorRequired })
    .trim()
    .regex(/^(#[0-9a-fA-F]{3,8}|[a-z-]{1,32})$/, { error: t.textColorRequired })
    .optional(),
  /** Issue 35 §2: offer the topic first to the owner's last partner, when they accept "talk again". */
  talk_again: z.boolean().optional(),
});
export type CreateTopicBody = z.infer<typeof createTopicBodySchema>;

export const randomTopicQuerySchema = z.object({ chat_mode: z.enum(chatModes).default('human') });
export const updateChatModeBodySchema = z.object({ topic_id: positiveId(texts.chat.topicNotFound), chat_mode: z.enum(chatModes) });
export type UpdateChatModeBody = z.infer<typeof updateChatModeBodySchema>;

export const messagesIndexQuerySchema = z.object({
  topic_id: positiveId(texts.chat.topicNotFound),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(limits.messagesPageSize),
  order_by: z.literal('id').default('id'),
  order_dir: z.enum(['asc', 'desc']).default('desc'),
  /** Resume after a known message (realtime reconnect): only messages with a greater id, oldest first. */
  after_id: z.coerce.number().int().min(0).max(MAX_DB_ID).optional(),
});
export type MessagesIndexQuery = z.infer<typeof messagesIndexQuerySchema>;

export const createMessageBodySchema = z.object({
  topic_id: positiveId(texts.chat.topicNotFound),
  content: z.string().max(limits.messageMaxChars).default(''),
  /** Optional client-generated id: resending the same one never stores or charges twice. */
  client_id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional(),
});
export type CreateMessageBody = z.infer<typeof createMessageBodySchema>;

/** Why a report is made (issue 33 #12): the reporter picks one; moderators see it with the optional details. */
export const reportReasons = ['spam', 'harassment', 'sexual', 'scam', 'minor', 'other'] as const;
export type ReportReason = (typeof reportReasons)[number];
export const reportDetailsMax = 1000;

export const createReportBodySchema = z.object({
  topic_id: positiveId(texts.chat.topicNotFound),
  type: z.enum(['topic', 'user']),
  /** For type user: whom; defaults to the other participant of the topic. */
  reported_user_id: positiveId().optional(),
  /** The reporter's reason; older clients send none. */
  reason: z.enum(reportReasons).optional(),
  /** What happened, in the reporter's words. */
  details: z.string().trim().max(reportDetailsMax).optional(),
});
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

/* ---------- response shapes ---------- */

export const roomSchema = z.object({ id: z.number().int(), title: z.string(), border_color: z.string() });
export type Room = z.infer<typeof roomSchema>;

export const topicSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  room_id: z.number().int().nullable(),
  room: roomSchema.omit({ id: true }).nullable(),
  /** The owner's id, given only to the owner (privacy: ids of other people never leave the server). */
  user_id: z.number().int().nullable(),
  /** The partner's id, given only to the partner themselves. */
  guest_id: z.number().int().nullable(),
  participants_count: z.number().int(),
  is_closed: z.boolean(),
  /** Who closed a closed topic: its owner (by leaving) or a moderator (after a report, or from the admin console). */
  closed_by: z.enum(['owner', 'moderator']).nullable().optional(),
  companion_name: z.string(),
  chat_mode: z.enum(chatModes),
  is_highlighted: z.boolean(),
  highlight_color: z.string().nullable(),
  text_look: z.enum(textLooks),
  color: z.string().nullable(),
  terms: z.object({ title: z.string(), description: z.string(), rules: z.array(z.string()) }),
  /** The caller is in the topic (owner or joined and not left). */
  is_member: z.boolean(),
  is_owner: z.boolean(),
  /** The interlocutor's chat name for the caller (never an account name; 'Loading...' on the client until known). */
  interlocutor_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Topic = z.infer<typeof topicSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  type: z.enum(attachmentTypes),
  url: z.string(),
  path: z.string(),
  original_filename: z.string(),
  mime: z.string(),
  filesize: z.number().int(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const messageLookSchema = z.record(z.string(), z.unknown()).nullable();

export const messageSchema = z.object({
  id: z.number().int(),
  topic_id: z.number().int(),
  content: z.string(),
  text: z.string(),
  /** 'Me', the companion's name, or the other person's chat name. */
  sender: z.string(),
  /** The caller's own id on their own messages; null on everyone else's. */
  sender_id: z.number().int().nullable(),
  sender_kind: z.enum(['user', 'companion', 'system']),
  is_mine: z.boolean(),
  is_typing: z.boolean(),
  cost: z.number().int(),
  look: messageLookSchema,
  attachments: z.array(attachmentSchema),
  /** A regenerated companion reply: the id of the first reply of its group (its siblings share it); null otherwise. */
  variant_of: z.number().int().nullable().optional(),
  created_at: z.string(),
  /**
   * The `client_id` the caller sent with their own message (issue 34 §2: the local echo is matched to it,
   * however the message arrives — the send's answer, a push or a poll); null on everyone else's.
   */
  client_id: z.string().nullable().optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const messagesPageSchema = z.object({ data: z.array(messageSchema), meta: pageMetaSchema });
export type MessagesPage = z.infer<typeof messagesPageSchema>;
export const roomsPageSchema = z.object({ data: z.array(roomSchema), meta: pageMetaSchema });

export const attachmentCostsSchema = z.object({
  image: z.number().int(),
  document: z.number().int(),
  audio: z.number().int(),
  video: z.number().int(),
  message_symbol_cost: z.number().int(),
  max_files: z.number().int(),
  max_file_bytes: z.number().int(),
});
export type AttachmentCosts = z.infer<typeof attachmentCostsSchema>;

/** Text cost of spec §9: message_symbol_cost × Unicode code points. Shared so the input preview matches the charge. */
export const messageTextCost = (content: string, symbolCost: number) => [...content].length * symbolCost;

/** Blocking (issue 15): the API takes the conversation, since nobody knows another person's id. */
export const createBlockBodySchema = z.object({ topic_id: positiveId(texts.chat.topicNotFound) });
export type CreateBlockBody = z.infer<typeof createBlockBodySchema>;

/** A block as its author sees it: the chat name the person had when blocked, and when. Never their id. */
export const blockSchema = z.object({ id: z.number().int(), chat_name: z.string(), created_at: z.string() });
export type Block = z.infer<typeof blockSchema>;
export const blocksPayloadSchema = z.object({ blocks: z.array(blockSchema) });

/** A message held for review by a content rule (issue 15): only its sender sees it, as 'Pending review'. */
export const heldMessageSchema = z.object({
  id: z.number().int(),
  topic_id: z.number().int(),
  content: z.string(),
  cost: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
});
export type HeldMessage = z.infer<typeof heldMessageSchema>;
export const heldMessagesQuerySchema = z.object({ topic_id: idSchema });

/* ---------- response bodies: the envelopes the web parses its answers with (issue 32 §3) ---------- */

/** GET /topics/topic, POST /topics/join, /topics/update-chat-mode, GET /topics/random. */
export const topicResponseSchema = envelopeSchema(z.object({ topic: topicSchema }));
/** GET /topics/index: the open topics of a room (or of all rooms). */
export const topicsResponseSchema = envelopeSchema(z.array(topicSchema));
/** GET /topics/index: one page of the list as payload, where the next page starts beside it (null after the last; decision 034g). */
export const topicsPageResponseSchema = topicsResponseSchema.extend({ next_cursor: z.string().nullable().optional() });
/** GET /topics/active (spec §3 "Active chats response"): the list as payload, the counts beside it. */
export const activeTopicsResponseSchema = envelopeSchema(z.array(topicSchema)).extend({ current_count: z.number().int(), max_allowed: z.number().int() });
/** POST /topics/create: the topic and the balance after its cost. */
export const createTopicResponseSchema = envelopeSchema(z.object({ topic: topicSchema, balance: z.number().int() }));
/** GET /topics/{id}/check-terms, POST /topics/{id}/accept-terms: `has_accepted` at the top level and in the payload (spec §7). */
export const termsStatusResponseSchema = envelopeSchema(z.object({ has_accepted: z.boolean() })).extend({ has_accepted: z.boolean() });
export const messagesPageResponseSchema = envelopeSchema(messagesPageSchema);
/**
 * What a send answers: the message (or the held message), the balance after, and (issue 36 §1) the crisis card
 * when the message suggests a risk of self-harm: only the writer gets it, in this answer.
 */
export const sendMessagePayloadSchema = z.object({
  message: messageSchema.optional(),
  held: heldMessageSchema.optional(),
  balance: z.number().int(),
  crisis: crisisCardSchema.optional(),
});
/** POST /messages/create: the message, or (issue 15) the held message only its sender sees; the balance after. */
export const sendMessageResponseSchema = envelopeSchema(sendMessagePayloadSchema);
export const heldMessagesResponseSchema = envelopeSchema(z.object({ data: z.array(heldMessageSchema) }));
export const roomsPageResponseSchema = envelopeSchema(roomsPageSchema);
export const attachmentCostsResponseSchema = envelopeSchema(attachmentCostsSchema);
export const blocksResponseSchema = envelopeSchema(blocksPayloadSchema);
export const blockResponseSchema = envelopeSchema(z.object({ block: blockSchema }));
/** POST /reports/create: the report as its author sees it. */
export const reportCreatedResponseSchema = envelopeSchema(
  z.object({
    report: z.object({ id: z.number().int(), type: z.enum(['topic', 'user']), topic_id: z.number().int(), status: z.string() }),
  }),
);
/** GET /topics/{id}/check-terms and POST …/accept-terms (spec §7: the flag at the top and in the payload). */
export const termsResponseSchema = z.object({
  status: z.literal('OK'),
  has_accepted: z.boolean(),
  payload: z.object({ has_accepted: z.boolean() }),
});

/** POST /reports/create: the report as filed (its reporter is the caller). */
export const reportReceiptSchema = z.object({
  id: z.number().int(),
  type: z.enum(['topic', 'user']),
  topic_id: z.number().int(),
  status: z.enum(['open', 'resolved', 'dismissed']),
});
