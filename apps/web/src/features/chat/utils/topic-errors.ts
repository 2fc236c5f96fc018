import { englishText, type TextKey } from '@parley/contracts/i18n';
import type { Translate } from '../../../lib/i18n';

const MARK = '\u0001';

/** The text of `key` both in English and in the chosen language: the server answers in either. */
const variants = (key: TextKey, t: Translate | undefined, params?: Record<string, string>) => [
  ...new Set([englishText(key, params), ...(t ? [t(key, params)] : [])]),
];

/** Whether a server message is the text of `key` (in English or in the chosen language). */
export const isTextOf = (message: string | null | undefined, key: TextKey, t?: Translate) => !!message && variants(key, t).includes(message);

/**
 * 'You already have active chat "{title}"' (or its translation): the title, or null when the message
 * is another one.
 */
export function parseActiveChatTitle(message: string | null | undefined, t?: Translate): string | null {
  if (!message) return null;
  for (const template of variants('topics.alreadyActive', t, { title: MARK })) {
    const [prefix = '', suffix = ''] = template.split(MARK);
    const at = message.indexOf(prefix);
    if (prefix === '' || at === -1) continue;
    const rest = message.slice(at + prefix.length);
    const end = suffix === '' ? rest.length : rest.indexOf(suffix);
    if (end !== -1) return rest.slice(0, end);
  }
  return null;
}

export const isActiveChatLimit = (message: string | null | undefined, t?: Translate) => parseActiveChatTitle(message, t) !== null;

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
export const topicGoneKeys: readonly TextKey[] = ['topics.closedByOwner', 'topics.noLongerExists', 'topics.noLongerAvailable', 'topics.noPermission'];
