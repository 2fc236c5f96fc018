import { type ChatEvent, type HeldMessage, type Topic } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { toast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-client';
import { useT } from '../../../../lib/i18n';
import { getTopic } from '../../api/get-topic';
import { heldMessagesKey } from '../../api/held-messages';
import { getMessages, getMessagesAfter } from '../../api/messages';
import { applyChatEvent } from '../../utils/apply-chat-event';
import { setUserBalance } from '../../utils/balance';
import { isOwnMessage } from '../../utils/merge-messages';
import { handleTopicError } from '../use-chat-notices';
import { useFallbackPoll } from '../use-fallback-poll';
import { useTopicSocket } from '../use-topic-socket';
import { addMessages, chatKeys, patchTopic, putTopic } from './chat-cache';

const TYPING_SHOW_MS = 8000;
/** Pages of up to 100 a resume may fetch after a reconnect before giving up to the poll. */
const RESUME_ROUNDS = 20;

interface Options {
  topicId: number;
  /** The chat is entered (phase 'ready'). */
  enabled: boolean;
  userId: number | null;
  isOwner: boolean;
  isClosed: boolean;
  lastId: () => number;
  lastSyncAt: MutableRefObject<number>;
  toRooms: () => void;
}

/** 'Writing...': shown by a typing event (or while a companion reply is awaited) and hidden after a while. */
function useTyping() {
  const [name, setName] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setName(null);
  }, []);
  const show = useCallback((who: string, forMs = TYPING_SHOW_MS) => {
    clearTimeout(timer.current);
    setName(who);
    timer.current = setTimeout(() => setName(null), forMs);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { name, show, hide };
}

/** The companion's reply while it is being written (pushed pieces), until the final message arrives. */
function useStreamingReply() {
  const [streaming, setStreaming] = useState<{ replyId: number; text: string } | null>(null);
  // The reply a regeneration replaces (issue 34), until the new one is posted or the stream ends.
  const [regeneratingId, setRegeneratingId] = useState<number | null>(null);
  // Stop clicked (issue 34): the text stops growing at once; the server stores exactly this much of it.
  const frozen = useRef(false);
  const shown = useRef('');
  const piece = useCallback(
    (replyId: number, offset: number, text: string) =>
      setStreaming((current) => {
        if (frozen.current) return current;
        const sofar = current?.replyId === replyId ? current.text : '';
        // A piece after a gap waits for the final message; offset 0 (re)starts the reply.
        if (offset > sofar.length) return current;
        shown.current = sofar.slice(0, offset) + text;
        return { replyId, text: shown.current };
      }),
    [],
  );
  const end = useCallback(() => {
    frozen.current = false;
    shown.current = '';
    setStreaming(null);
    setRegeneratingId(null);
  }, []);
  /** Freezes the reply on screen and says how many characters of it show (0 while only 'Writing...' shows). */
  const freeze = useCallback(() => {
    frozen.current = true;
    return shown.current.length;
  }, []);
  const unfreeze = useCallback(() => {
    frozen.current = false;
  }, []);
  return { text: streaming?.text ?? null, piece, end, regeneratingId, regenerating: setRegeneratingId, freeze, unfreeze };
}

/**
 * Live updates of the open chat, written into the query cache: pushed events over the socket and,
 * while it is not live, the 5 s poll of new messages and the topic (spec §9), which stops for good
 * on 403/404. A reconnect resumes from the newest id held.
 */
export function useChatLive({ topicId, enabled, userId, isOwner, isClosed, lastId, lastSyncAt, toRooms }: Options) {
  const t = useT();
  const client = useQueryClient();
  const typing = useTyping();
  const stream = useStreamingReply();
  const [pollingStopped, setPollingStopped] = useState(false);
  useEffect(() => setPollingStopped(false), [topicId]);

  const latest = useRef({ userId, isOwner, lastId });
  latest.current = { userId, isOwner, lastId };

  const refreshTopic = useCallback(async () => {
    try {
      putTopic(client, topicId, await getTopic(topicId));
    } catch {
      // the poll or the next event reports a lasting problem
    }
  }, [client, topicId]);

  const onEvent = useCallback(
    (event: ChatEvent) =>
      applyChatEvent(event, {
        userId: latest.current.userId,
        isOwner: latest.current.isOwner,
        addMessages: (messages) => addMessages(client, topicId, messages),
        showTyping: (name) => typing.show(name),
        hideTyping: typing.hide,
        patchTopic: (patch: Partial<Topic>) => patchTopic(client, topicId, patch),
        refreshTopic: () => void refreshTopic(),
        setBalance: (balance) => setUserBalance(client, balance),
        notify: (key) => toast.error(t(key)),
        streamReply: stream.piece,
        endStream: stream.end,
        regenerating: stream.regenerating,
        heldDecided: (heldId) => {
          // Approved: the message itself arrives as message.created; rejected: a notice says so.
          client.setQueryData<HeldMessage[]>(heldMessagesKey(topicId), (held) => held?.filter((m) => m.id !== heldId));
          void client.invalidateQueries({ queryKey: heldMessagesKey(topicId) });
        },
        crisisProtocol: () => client.setQueryData(chatKeys.crisisProtocol(topicId), true),
      }),
    [client, topicId, typing, stream, refreshTopic, t],
  );

  const resume = useCallback(async () => {
    for (let round = 0; round < RESUME_ROUNDS; round++) {
      const page = await getMessagesAfter(topicId, latest.current.lastId());
      addMessages(client, topicId, page.data);
      if (page.data.length < 100) return;
    }
  }, [client, topicId]);

  const socket = useTopicSocket({
    topicId,
    enabled,
    getLastMessageId: () => latest.current.lastId(),
    onEvent,
    onResyncNeeded: () => void resume().catch(() => undefined),
    onUnsubscribed: () => void refreshTopic(),
  });

  /** A refusal (403/404) ends the chat for this viewer: no more polling, say why, go to the rooms. */
  const refused = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && (error.status === 403 || error.status === 404)) {
        setPollingStopped(true);
        handleTopicError(error, { t, fallback: 'chat.noLongerAvailable', toRooms });
      }
    },
    [toRooms, t],
  );

  const isLive = socket.status === 'live';
  useFallbackPoll({
    active: enabled && !pollingStopped && !isClosed,
    isLive,
    lastSyncAt,
    poll: async (isCancelled) => {
      try {
        const last = latest.current.lastId();
        const page = last > 0 ? await getMessagesAfter(topicId, last) : await getMessages(topicId, 1);
        if (isCancelled()) return;
        addMessages(client, topicId, page.data);
        if (page.data.some((m) => !isOwnMessage(m, latest.current.userId))) typing.hide();
        const fresh = await getTopic(topicId);
        if (!isCancelled()) putTopic(client, topicId, fresh);
      } catch (error) {
        if (!isCancelled()) refused(error);
      }
    },
  });

  return {
    socketStatus: socket.status,
    isLive,
    sendTyping: socket.sendTyping,
    typingName: typing.name,
    showTyping: typing.show,
    streamingText: stream.text,
    regeneratingId: stream.regeneratingId,
    regenerating: stream.regenerating,
    freezeStream: stream.freeze,
    unfreezeStream: stream.unfreeze,
    refused,
    refreshTopic,
  };
}
