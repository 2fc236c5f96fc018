import { limits, texts, type AttachmentCosts, type ChatEvent, type ChatMode, type Message, type Topic } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/user';
import { getTopic } from '../api/get-topic';
import { getAttachmentCosts, getMessages, getMessagesAfter } from '../api/messages';
import { acceptTerms, checkTerms, joinTopic, leaveTopic, updateChatMode } from '../api/topic-membership';
import { sendMessage } from '../api/send-message';
import { setUserBalance } from '../utils/balance';
import { isOwnMessage, lastMessageId, mergeMessages } from '../utils/merge-messages';
import { type SocketStatus } from '../utils/topic-socket';
import { handleTopicError } from './use-chat-notices';
import { useTopicSocket } from './use-topic-socket';

/** 'loading' → ('terms' | 'full' | 'ready'); 'full' is a third user on a topic with two people in it. */
export type ChatPhase = 'loading' | 'terms' | 'full' | 'ready';

interface Paging {
  nextPage: number | null;
  loadingOlder: boolean;
}

const TYPING_SHOW_MS = 8000;

/**
 * The chat screen's state machine (spec §4 Chat entry): topic → terms → owner
 * or join → messages, costs, live updates. Messages from push, poll, resume
 * and send are merged by id. Push comes over the socket; while it is not live
 * the topic and its new messages are polled every 5 s, stopping on 403/404.
 */
export function useChatRoom(topicId: number) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const userId = user?.id ?? null;

  const [phase, setPhase] = useState<ChatPhase>('loading');
  const [topic, setTopic] = useState<Topic | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);
  const [messagesLoading, setMessagesLoading] = useState(true);
  const [paging, setPaging] = useState<Paging>({ nextPage: null, loadingOlder: false });
  const [costs, setCosts] = useState<AttachmentCosts | null>(null);
  const [typingName, setTypingName] = useState<string | null>(null);
  const [pollingStopped, setPollingStopped] = useState(false);

  const messagesRef = useRef<Message[]>([]);
  messagesRef.current = messages;
  const generation = useRef(0);
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

    let current: Topic;
    try {
      current = await getTopic(topicId);
    } catch (error) {
      if (!alive()) return;
      const body = (error instanceof ApiError && typeof error.body === 'object' && error.body !== null ? error.body : {}) as Record<string, unknown>;
      if (error instanceof ApiError && error.status === 403 && body.is_full && !body.is_closed) {
        setTopic(null);
        setMessagesLoading(false);
        setPhase('full');
        return;
      }
      if (error instanceof ApiError && error.status === 404) toast.error(texts.chat.topicNotFound);
      else if (body.is_closed) toast.error(texts.chat.topicClosed);
      else toast.error(error instanceof ApiError ? error.message : texts.chat.failedInit);
      toRooms();
      return;
    }
    if (!alive()) return;
    if (current.is_closed) {
      toast.error(texts.chat.topicClosed);
      toRooms();
      return;
    }
    setTopic(current);

    const accepted = await checkTerms(topicId);
    if (!alive()) return;
    if (!accepted) {
      setPhase('terms');
      return;
    }

    const me = userIdRef.current;
    const isIn = current.is_member || current.is_owner || (me !== null && (current.user_id === me || current.guest_id === me));
    if (!isIn) {
      if (current.participants_count >= 2) {
        setMessagesLoading(false);
        setPhase('full');
        return;
      }
      try {
        const response = await joinTopic(topicId);
        if (!alive()) return;
        if (response.status !== 'OK') throw new ApiError(400, response.message ?? texts.chat.unableToJoin);
        const joined = (response.payload as { topic?: Topic } | null)?.topic;
        current = joined ?? (await getTopic(topicId));
        if (!alive()) return;
        setTopic(current);
        void queryClient.invalidateQueries({ queryKey: ['topics', 'active'] });
      } catch (error) {
        if (!alive()) return;
        handleTopicError(error, { fallback: texts.chat.unableToJoin });
        toRooms();
        return;
      }
    }

    setPhase('ready');
    try {
      const page = await getMessages(topicId, 1);
      if (!alive()) return;
      merge(page.data);
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
    if (userId === null) return;
    void initialise();
    return () => {
      generation.current++;
    };
    // Re-initialise on a new topic only (spec §4); the user id arrives once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [topicId, userId]);

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
    (event: ChatEvent) => {
      const me = userIdRef.current;
      switch (event.type) {
        case 'message.created': {
          const message = event.message as unknown as Message;
          merge([message]);
          if (!isOwnMessage(message, me)) clearTyping();
          break;
        }
        case 'typing':
          if (event.userId === me) break;
          clearTimeout(typingTimer.current);
          if (event.isTyping) {
            setTypingName(event.name || texts.chat.writing);
            typingTimer.current = setTimeout(() => setTypingName(null), TYPING_SHOW_MS);
          } else setTypingName(null);
          break;
        case 'participant.joined':
        case 'participant.left':
          setTopic((t) => (t ? { ...t, participants_count: event.participantsCount } : t));
          if (event.userId !== me) void refreshTopic();
          if (event.type === 'participant.left' && event.userId !== me) clearTyping();
          break;
        case 'topic.closed':
          setTopic((t) => (t ? { ...t, is_closed: true } : t));
          if (topicRef.current && !topicRef.current.is_owner) toast.error(texts.topics.closedByOwner);
          break;
        case 'topic.mode':
          setTopic((t) => (t ? { ...t, chat_mode: event.chatMode } : t));
          void refreshTopic();
          break;
        case 'balance':
          if (event.userId === me) setUserBalance(queryClient, event.balance);
          break;
        default:
          break;
      }
    },
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

  useEffect(() => {
    if (phase !== 'ready' || socket.status === 'live' || pollingStopped || isClosed) return;
    let cancelled = false;
    const poll = async () => {
      try {
        const last = lastMessageId(messagesRef.current);
        const page = last > 0 ? await getMessagesAfter(topicId, last) : await getMessages(topicId, 1);
        if (cancelled) return;
        merge(page.data);
        const fresh = await getTopic(topicId);
        if (!cancelled) setTopic((previous) => keepKnownName(fresh, previous));
      } catch (error) {
        if (!cancelled) pollFailed(error);
      }
    };
    const timer = setInterval(() => void poll(), limits.messagePollMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [phase, socket.status, pollingStopped, isClosed, topicId, merge, pollFailed]);

  /* ---------- a third user waits for a free seat ---------- */

  useEffect(() => {
    if (phase !== 'full') return;
    const timer = setInterval(() => {
      getTopic(topicId)
        .then((fresh) => {
          if (fresh.participants_count < 2 || fresh.is_member) void initialise();
        })
        .catch(() => undefined);
    }, limits.messagePollMs);
    return () => clearInterval(timer);
  }, [phase, topicId, initialise]);

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

  const me = userId;
  const isInChat = phase === 'ready' && topic !== null && (topic.is_member || topic.is_owner || (me !== null && (topic.user_id === me || topic.guest_id === me)));

  return {
    phase,
    topic,
    messages,
    messagesLoading,
    hasOlder: paging.nextPage !== null,
    loadingOlder: paging.loadingOlder,
    loadOlder,
    costs,
    typingName,
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

/** After the other person leaves, the header keeps the name it knew rather than falling back to the title. */
function keepKnownName(fresh: Topic, previous: Topic | null): Topic {
  return fresh.interlocutor_name === null && previous?.interlocutor_name ? { ...fresh, interlocutor_name: previous.interlocutor_name } : fresh;
}
