import { texts } from '@parley/contracts';

const ACTIVE_PREFIX = 'You already have active chat';

/** 'You already have active chat "{title}"': the title between the quotes, or null when the message is another one. */
export function parseActiveChatTitle(message: string | null | undefined): string | null {
  if (!message || !message.includes(ACTIVE_PREFIX)) return null;
  const match = /"([^"]*)"/.exec(message.slice(message.indexOf(ACTIVE_PREFIX)));
  return match?.[1] ?? '';
}

export const isActiveChatLimit = (message: string | null | undefined) => parseActiveChatTitle(message) !== null;

/** A topic id carried in an error body (top level, in payload, or payload.topic), if any (spec §8). */
export function topicIdFromBody(body: unknown): number | null {
  const read = (value: unknown): number | null => {
    const n = typeof value === 'string' ? Number(value) : value;
    return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
  };
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  const payload = (typeof record.payload === 'object' && record.payload !== null ? record.payload : {}) as Record<string, unknown>;
  const topic = (typeof payload.topic === 'object' && payload.topic !== null ? payload.topic : {}) as Record<string, unknown>;
  return read(record.topic_id) ?? read(payload.topic_id) ?? read(topic.id) ?? null;
}

/** Server messages that mean the topic is gone for this user. */
export const topicGoneMessages: readonly string[] = [
  texts.topics.closedByOwner,
  texts.topics.noLongerExists,
  texts.topics.noLongerAvailable,
  texts.topics.noPermission,
];
