import { texts, type AttachmentCosts, type ChatEvent, type ChatMode, type Message, type Topic } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/user';
import { getTopic } from '../api/get-topic';
import { getAttachmentCosts, getMessages, getMessagesAfter } from '../api/messages';
import { acceptTerms, leaveTopic, updateChatMode } from '../api/topic-membership';
import { sendMessage } from '../api/send-message';
import { applyChatEvent } from '../utils/apply-chat-event';
import { setUserBalance } from '../utils/balance';
import { enterChat, isInTopic, keepKnownName } from '../utils/chat-entry';
import { isOwnMessage, lastMessageId, mergeMessages } from '../utils/merge-messages';
import { type SocketStatus } from '../utils/topic-socket';
import { handleTopicError } from './use-chat-notices';
import { useFallbackPoll } from './use-fallback-poll';
import { useTopicSocket } from './use-topic-socket';

/** 'loading' → ('terms' | 'full' | 'ready'); 'full' is a third user on a topic with two people in it. */
export type ChatPhase = 'loading' | 'terms' | 'full' | 'ready';

interface Paging {
  nextPage: number | null;
  loadingOlder: boolean;
}

const TYPING_SHOW_MS = 8000;
/** Longest wait for a companion reply while polling (the reply delay is at most a minute or so). */
const AI_REPLY_WAIT_MS = 75_000;

/**
 * The chat screen's state machine (spec §4 Chat entry): topic → terms → owner
 * or join → messages, costs, live updates. Messages from push, poll, resume
 * and send are merged by id. Push comes over the socket; while it is not live
 * the topic and its new messages are polled every 5 s, stopping on 403/404.
 */
export function useChatRoom(topicId: number) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user, isError: userFailed } = useUser();
  const userId = user?.id ?? null;
  // Membership also comes from the topic's own flags, so a failed profile load does not block the chat.
  const canStart = userId !== null || userFailed;

  const [phase, setPhase] = useState<ChatPhase>('loading');
  const [topic, setTopic] = useState<Topic | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [messagesLoading, setMessagesLoading] = useState(true);
  const [paging, setPaging] = useState<Paging>({ nextPage: null, loadingOlder: false });
  const [costs, setCosts] = useState<AttachmentCosts | null>(null);
  const [typingName, setTypingName] = useState<string | null>(null);
  /** The companion's reply while it is being written (pushed pieces), until the final message arrives. */
  const [streaming, setStreaming] = useState<{ replyId: number; text: string } | null>(null);
  const [pollingStopped, setPollingStopped] = useState(false);
  /** The topic a third user found full: its title for the header (no polling; 'Try again' re-enters). */
  const [fullTitle, setFullTitle] = useState<string | null>(null);

  const messagesRef = useRef<Message[]>([]);
  messagesRef.current = messages;
  const generation = useRef(0);
  const lastSyncAt = useRef(0);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const userIdRef = useRef(userId);
  userIdRef.current = userId;
  const topicRef = useRef<Topic | null>(topic);
  topicRef.current = topic;

  const toRooms = useCallback(() => navigate(paths.rooms.getHref()), [navigate]);
  const merge = useCallback((incoming: Message[]) => setMessages((current) => mergeMessages(current, incoming)), []);

  const clearTyping = useCallback(() => {
    clearTimeout(typingTimer.current);
    setTypingName(null);
  }, []);

  /* ---------- entry ---------- */

  const initialise = useCallback(async () => {
    const gen = ++generation.current;
    const alive = () => gen === generation.current;
    setPhase('loading');
    setMessages([]);
    setMessagesLoading(true);
    setPaging({ nextPage: null, loadingOlder: false });
    setPollingStopped(false);
    clearTyping();
    setStreaming(null);

    const entry = await enterChat(topicId, userIdRef.current);
    if (!alive()) return;
    switch (entry.kind) {
      case 'gone':
        toast.error(entry.message);
        toRooms();
        return;
      case 'refused':
        handleTopicError(entry.error, { fallback: texts.chat.unableToJoin });
        toRooms();
        return;
      case 'full':
        setFullTitle(entry.title);
        setTopic(null);
        setMessagesLoading(false);
        setPhase('full');
        return;
      case 'terms':
        setTopic(entry.topic);
        setPhase('terms');
        return;
      case 'ready':
        setTopic(entry.topic);
        if (entry.joined) void queryClient.invalidateQueries({ queryKey: ['topics', 'active'] });
    }

    setPhase('ready');
    try {
      const page = await getMessages(topicId, 1);
      if (!alive()) return;
      merge(page.data);
      lastSyncAt.current = Date.now();
      const meta = page.meta;
      setPaging({ nextPage: meta && meta.current_page < meta.last_page ? 2 : null, loadingOlder: false });
    } catch (error) {
      if (!alive()) return;
      handleTopicError(error, { fallback: texts.chat.failedInit, toRooms });
    } finally {
      if (alive()) setMessagesLoading(false);
    }
    getAttachmentCosts()
      .then((value) => alive() && setCosts(value))
      .catch(() => undefined);
  }, [topicId, toRooms, merge, clearTyping, queryClient]);

  useEffect(() => {
    if (!canStart) return;
    void initialise();
    return () => {
      generation.current++;
    };
    // Re-initialise on a new topic only (spec §4); the user id arrives once.
  }, [topicId, canStart]);

  /* ---------- live: socket events ---------- */

  const refreshTopic = useCallback(async () => {
    const gen = generation.current;
    try {
      const fresh = await getTopic(topicId);
      if (gen === generation.current) setTopic((previous) => keepKnownName(fresh, previous));
    } catch {
      // the poll or the next event reports a lasting problem
    }
  }, [topicId]);

  const onEvent = useCallback(
    (event: ChatEvent) =>
      applyChatEvent(event, {
        userId: userIdRef.current,
        isOwner: topicRef.current?.is_owner ?? false,
        addMessages: merge,
        showTyping: (name) => {
          clearTimeout(typingTimer.current);
          setTypingName(name);
          typingTimer.current = setTimeout(() => setTypingName(null), TYPING_SHOW_MS);
        },
        hideTyping: clearTyping,
        patchTopic: (patch) => setTopic((t) => (t ? { ...t, ...patch } : t)),
        refreshTopic: () => void refreshTopic(),
        setBalance: (balance) => setUserBalance(queryClient, balance),
        notify: (message) => toast.error(message),
        streamReply: (replyId, offset, text) =>
          setStreaming((current) => {
            const sofar = current?.replyId === replyId ? current.text : '';
            // A piece after a gap waits for the final message; offset 0 (re)starts the reply.
            if (offset > sofar.length) return current;
            return { replyId, text: sofar.slice(0, offset) + text };
          }),
        endStream: () => setStreaming(null),
      }),
    [merge, clearTyping, refreshTopic, queryClient],
  );

  const catchUp = useCallback(async () => {
    const gen = generation.current;
    for (let round = 0; round < 20; round++) {
      const page = await getMessagesAfter(topicId, lastMessageId(messagesRef.current));
      if (gen !== generation.current) return;
      merge(page.data);
      messagesRef.current = mergeMessages(messagesRef.current, page.data);
      if (page.data.length < 100) return;
    }
  }, [topicId, merge]);

  const socket = useTopicSocket({
    topicId,
    enabled: phase === 'ready',
    getLastMessageId: () => lastMessageId(messagesRef.current),
    onEvent,
    onResyncNeeded: () => void catchUp().catch(() => undefined),
    onUnsubscribed: () => void refreshTopic(),
  });

  /* ---------- fallback: poll every 5 s while the socket is not live ---------- */

  const isClosed = topic?.is_closed ?? false;

  const pollFailed = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
        setPollingStopped(true);
        handleTopicError(error, { fallback: texts.chat.noLongerAvailable, toRooms });
      }
    },
    [toRooms],
  );

  const isLive = socket.status === 'live';
  const isLiveRef = useRef(isLive);
  isLiveRef.current = isLive;
  useFallbackPoll({
    active: phase === 'ready' && !pollingStopped && !isClosed,
    isLive,
    lastSyncAt,
    poll: async (isCancelled) => {
      try {
        const last = lastMessageId(messagesRef.current);
        const page = last > 0 ? await getMessagesAfter(topicId, last) : await getMessages(topicId, 1);
        if (isCancelled()) return;
        merge(page.data);
        if (page.data.some((m) => !isOwnMessage(m, userIdRef.current))) clearTyping();
        const fresh = await getTopic(topicId);
        if (!isCancelled()) setTopic((previous) => keepKnownName(fresh, previous));
      } catch (error) {
        if (!isCancelled()) pollFailed(error);
      }
    },
  });

  /* ---------- actions ---------- */

  const loadOlder = useCallback(async () => {
    const page = paging.nextPage;
    if (page === null || paging.loadingOlder) return;
    const gen = generation.current;
    setPaging((p) => ({ ...p, loadingOlder: true }));
    try {
      const result = await getMessages(topicId, page);
      if (gen !== generation.current) return;
      merge(result.data);
      const meta = result.meta;
      setPaging({ nextPage: meta && meta.current_page < meta.last_page ? page + 1 : null, loadingOlder: false });
    } catch (error) {
      if (gen === generation.current) setPaging((p) => ({ ...p, loadingOlder: false }));
      pollFailed(error);
    }
  }, [paging, topicId, merge, pollFailed]);

  const send = useCallback(
    async (content: string, files: File[] = [], onProgress?: (fraction: number) => void) => {
      const result = await sendMessage({ topicId, content, files, onProgress });
      merge([result.message]);
      setUserBalance(queryClient, result.balance);
      // Without push there are no typing events: show the companion writing until its reply is polled in.
      const current = topicRef.current;
      if (current?.chat_mode === 'ai' && !isLiveRef.current) {
        clearTimeout(typingTimer.current);
        setTypingName(current.companion_name);
        typingTimer.current = setTimeout(() => setTypingName(null), AI_REPLY_WAIT_MS);
      }
      return result;
    },
    [topicId, merge, queryClient],
  );

  const leave = useCallback(async () => {
    try {
      await leaveTopic(topicId);
      generation.current++;
      toast.success(texts.chat.leftChat);
      void queryClient.invalidateQueries({ queryKey: ['topics'] });
      toRooms();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : texts.chat.failedLeave);
    }
  }, [topicId, toRooms, queryClient]);

  const agreeToTerms = useCallback(async () => {
    try {
      await acceptTerms(topicId);
      await initialise();
    } catch {
      toast.error(texts.chat.failedAcceptTerms);
    }
  }, [topicId, initialise]);

  const setChatMode = useCallback(
    async (mode: ChatMode) => {
      const previous = topicRef.current?.chat_mode;
      setTopic((t) => (t ? { ...t, chat_mode: mode } : t));
      try {
        const response = await updateChatMode(topicId, mode);
        const updated = (response.payload as { topic?: Topic } | null)?.topic;
        if (updated) setTopic(updated);
      } catch (error) {
        if (previous) setTopic((t) => (t ? { ...t, chat_mode: previous } : t));
        handleTopicError(error, { fallback: texts.common.anErrorOccurred });
      }
    },
    [topicId],
  );

  const isInChat = phase === 'ready' && topic !== null && isInTopic(topic, userId);

  return {
    phase,
    topic,
    fullTitle,
    /** A third user on a full chat asks again (spec §8: no polling after a 403). */
    retry: () => void initialise(),
    messages,
    messagesLoading,
    hasOlder: paging.nextPage !== null,
    loadingOlder: paging.loadingOlder,
    loadOlder,
    costs,
    typingName,
    streamingText: streaming?.text ?? null,
    socketStatus: socket.status as SocketStatus,
    sendTyping: socket.sendTyping,
    isInChat,
    userId,
    send,
    leave,
    agreeToTerms,
    declineTerms: toRooms,
    setChatMode,
    toRooms,
  };
}

export type ChatRoom = ReturnType<typeof useChatRoom>;
