import { texts, wsClientMessageSchema, wsCloseCodes } from '@parley/contracts';
import { type EventBus } from '../../lib/event-bus.js';
import { type Connection } from './realtime.connection.js';
import { type RealtimeHub } from './realtime.hub.js';

export interface FrameDeps {
  hub: RealtimeHub;
  bus: EventBus;
}

/** One client frame: rate-limited, validated with the contract schema, then acted on in order. */
export function handleFrame(deps: FrameDeps, connection: Connection, raw: string) {
  connection.alive = true;
  if (!connection.takeToken()) {
    if (connection.isAbusive) connection.close(wsCloseCodes.rateLimited, 'rate limited');
    else connection.send({ type: 'error', code: 'RATE_LIMITED', message: texts.common.rateLimited });
    return;
  }
  let parsed;
  try {
    parsed = wsClientMessageSchema.safeParse(JSON.parse(raw));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) {
    connection.send({ type: 'error', code: 'VALIDATION', message: texts.common.validationFailed });
    return;
  }
  const message = parsed.data;
  switch (message.type) {
    case 'ping':
      connection.send(message.id === undefined ? { type: 'pong' } : { type: 'pong', id: message.id });
      return;
    case 'subscribe':
      connection.enqueue(async () => {
        try {
          await deps.hub.subscribe(connection, message.topicId, message.lastMessageId);
        } catch (error) {
          // The client falls back to polling for this topic and may subscribe again.
          connection.send({ type: 'error', code: 'INTERNAL', message: texts.common.anErrorOccurred, topicId: message.topicId });
          throw error;
        }
      });
      return;
    case 'unsubscribe':
      connection.enqueue(async () => {
        await stopTyping(deps, connection, message.topicId);
        if (deps.hub.unsubscribe(connection, message.topicId)) connection.send({ type: 'unsubscribed', topicId: message.topicId, reason: 'client' });
      });
      return;
    case 'typing':
      connection.enqueue(() => sendTyping(deps, connection, message.topicId, message.isTyping));
  }
}

async function sendTyping(deps: FrameDeps, connection: Connection, topicId: number, isTyping: boolean) {
  const subscription = connection.subscriptions.get(topicId);
  if (!subscription) {
    connection.send({ type: 'error', code: 'FORBIDDEN', message: texts.topics.noPermission, topicId });
    return;
  }
  if (!connection.shouldForwardTyping(subscription, isTyping)) return;
  await deps.bus.publish({ type: 'typing', topicId, userId: connection.user.id, name: connection.user.name, isTyping });
}

async function stopTyping(deps: FrameDeps, connection: Connection, topicId: number) {
  const subscription = connection.subscriptions.get(topicId);
  if (subscription?.typing.isTyping) await sendTyping(deps, connection, topicId, false);
}

/** A closed socket must not leave a 'Writing...' bubble behind. */
export async function stopAllTyping(deps: FrameDeps, connection: Connection) {
  for (const topicId of [...connection.subscriptions.keys()]) await stopTyping(deps, connection, topicId);
}
