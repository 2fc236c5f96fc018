import { z } from 'zod';
import { jsonIdSchema } from './envelope.js';

/**
 * Web Push, quiet hours, muted conversations and the mail digest (issue 34 §3). A push payload and
 * a digest mail never name or quote anyone: no message text, no chat name, no account data.
 */
const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

/** What the browser's PushSubscription.toJSON() gives, as the server stores it. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.string().url().max(1000),
  keys: z.object({
    p256dh: z.string().regex(/^[A-Za-z0-9_-]{80,100}=*$/),
    auth: z.string().regex(/^[A-Za-z0-9_-]{16,32}=*$/),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushEndpointBodySchema = z.object({ endpoint: z.string().url().max(1000) });
export type PushEndpointBody = z.infer<typeof pushEndpointBodySchema>;

export const notificationSettingsBodySchema = z
  .object({
    quiet_start: clockTimeSchema.nullable(),
    quiet_end: clockTimeSchema.nullable(),
    /** An IANA time zone (the browser's), in which the quiet hours are read. */
    time_zone: z.string().min(1).max(64),
    email_digest: z.boolean(),
    /** A conversation unread this long sends the digest mail. */
    digest_after_minutes: z
      .number()
      .int()
      .min(1)
      .max(24 * 60),
  })
  .refine((v) => (v.quiet_start === null) === (v.quiet_end === null), { path: ['quiet_end'], message: 'Both or neither' });
export type NotificationSettingsBody = z.infer<typeof notificationSettingsBodySchema>;

export const notificationSettingsSchema = z.object({
  quiet_start: z.string().nullable(),
  quiet_end: z.string().nullable(),
  time_zone: z.string(),
  email_digest: z.boolean(),
  digest_after_minutes: z.number().int(),
  muted_topic_ids: z.array(z.number().int()),
  /** The server's VAPID public key for PushManager.subscribe; null: push is off on this server. */
  push_public_key: z.string().nullable(),
  /** How many devices of this account receive pushes. */
  push_devices: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const muteConversationBodySchema = z.object({ topic_id: jsonIdSchema, muted: z.boolean() });
export type MuteConversationBody = z.infer<typeof muteConversationBodySchema>;

/** Which conversation this tab shows now (null: none, or the tab is hidden): no push for what is on screen. */
export const viewingBodySchema = z.object({
  viewer_id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  topic_id: jsonIdSchema.nullable(),
});
export type ViewingBody = z.infer<typeof viewingBodySchema>;

/** The JSON a push carries, read by the service worker. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** A path inside the app to open on click. */
  url: z.string(),
  /** Replaces an earlier notification with the same tag (one per conversation). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

export const unsubscribeQuerySchema = z.object({ token: z.string().min(10).max(200) });
