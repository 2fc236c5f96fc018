import type { ChatEvent } from '@parley/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TopicSocket, type SocketStatus } from '../utils/topic-socket';

interface Options {
  topicId: number;
  enabled: boolean;
  getLastMessageId: () => number;
  onEvent: (event: ChatEvent) => void;
  onResyncNeeded: () => void;
  onUnsubscribed: (reason: string) => void;
}

/** Typing is re-announced at most every 2.5 s while keys keep coming, and withdrawn after 3 s of quiet. */
const TYPING_REPEAT_MS = 2500;
const TYPING_IDLE_MS = 3000;

/** The socket of the open topic, its status for the connection indicator, and throttled typing. */
export function useTopicSocket({ topicId, enabled, ...handlers }: Options) {
  const [status, setStatus] = useState<SocketStatus>('offline');
  const socketRef = useRef<TopicSocket | null>(null);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const typing = useRef({ active: false, lastSentAt: 0, idle: undefined as ReturnType<typeof setTimeout> | undefined });

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    const socket = new TopicSocket({
      topicId,
      getLastMessageId: () => handlersRef.current.getLastMessageId(),
      onEvent: (event) => handlersRef.current.onEvent(event),
      onStatus: setStatus,
      onResyncNeeded: () => handlersRef.current.onResyncNeeded(),
      onUnsubscribed: (reason) => handlersRef.current.onUnsubscribed(reason),
    });
    socketRef.current = socket;
    socket.start();
    const typingState = typing.current;
    return () => {
      clearTimeout(typingState.idle);
      typingState.active = false;
      socket.stop();
      socketRef.current = null;
      setStatus('offline');
    };
  }, [topicId, enabled]);

  /** Call on every keystroke with whether the text is non-empty; call with false after sending. */
  const sendTyping = useCallback((isTyping: boolean) => {
    const socket = socketRef.current;
    const state = typing.current;
    clearTimeout(state.idle);
    if (!socket) return;
    if (!isTyping) {
      if (state.active) socket.sendTyping(false);
      state.active = false;
      return;
    }
    const now = Date.now();
    if (!state.active || now - state.lastSentAt >= TYPING_REPEAT_MS) {
      socket.sendTyping(true);
      state.active = true;
      state.lastSentAt = now;
    }
    state.idle = setTimeout(() => {
      socketRef.current?.sendTyping(false);
      state.active = false;
    }, TYPING_IDLE_MS);
  }, []);

  return { status, sendTyping };
}
