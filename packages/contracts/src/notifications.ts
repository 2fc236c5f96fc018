import { z } from 'zod';
import { idSchema, jsonIdSchema } from './envelope.js';

/** In-app notices: statements of reasons, refunds, outcomes. Addressed to one user, never naming another person. */
export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = z.object({
  before_id: idSchema.optional(),
  per_page: z.coerce.number().int().min(1).max(50).default(20),
});
export type ListNotificationsQuery = z.infer<typeof listNotificationsQuerySchema>;

export const notificationsPayloadSchema = z.object({
  notifications: z.array(notificationSchema),
  unread_count: z.number().int(),
  has_more: z.boolean(),
});
export type NotificationsPayload = z.infer<typeof notificationsPayloadSchema>;

/** Marks the given notices read, or every notice when `ids` is absent. */
export const markNotificationsReadBodySchema = z.object({
  ids: z.array(jsonIdSchema).min(1).max(100).optional(),
});
export type MarkNotificationsReadBody = z.infer<typeof markNotificationsReadBodySchema>;
