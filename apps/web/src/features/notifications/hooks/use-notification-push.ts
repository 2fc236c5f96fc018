import type { NotificationsPayload, UserProfile, WsServerMessage } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { emitPersonalEvent } from '../../../lib/personal-events';
import { userQueryKey } from '../../../lib/user';
import { notificationsKey } from '../api/get-notifications';

const MAX_BACKOFF_MS = 30_000;

/** The contract's frame parser (zod) loads with the first socket, not with the entry chunk (home JS budget). */
const loadFrameParser = () => import('../../../lib/ws-frames').then((module) => module.parseServerFrame);

function socketUrl() {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/ws`;
}

/** Keeps one socket for personal events while signed in: a pushed notice lands in the query cache at once. */
export function useNotificationPush(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let stopped = false;

    // Frames are handled in arrival order once the parser is in (callbacks of one promise run in order).
    const parser = loadFrameParser();
    const onFrame = (frame: WsServerMessage | null) => {
      if (stopped || frame?.type !== 'event') return;
      emitPersonalEvent(frame.event);
      // Every balance change is pushed (a refund after a report, a top-up, an admin adjustment):
      // the header shows it on every screen, not only in a chat (issue 33 #18).
      if (frame.event.type === 'balance') {
        const { balance } = frame.event;
        queryClient.setQueryData<UserProfile>(userQueryKey, (user) => (user ? { ...user, balance, points: balance } : user));
        return;
      }
      if (frame.event.type !== 'notification') return;
      const { notification, unreadCount } = frame.event;
      queryClient.setQueryData<NotificationsPayload>(notificationsKey, (old) => ({
        notifications: [notification, ...(old?.notifications ?? []).filter((n) => n.id !== notification.id)],
        unread_count: unreadCount,
        has_more: old?.has_more ?? false,
      }));
    };
    const connect = () => {
      socket = new WebSocket(socketUrl());
      socket.onopen = () => (attempts = 0);
      socket.onmessage = (message) => {
        parser.then((parse) => onFrame(parse(message.data))).catch(() => undefined);
      };
      socket.onclose = (event) => {
        // 4401: the session ended; the auth store handles that, don't hammer the server.
        if (stopped || event.code === 4401) return;
        attempts += 1;
        retry = setTimeout(connect, Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempts));
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [enabled, queryClient]);
}
