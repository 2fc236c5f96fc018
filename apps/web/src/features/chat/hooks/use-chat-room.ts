import { type Topic } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { draftKey, drafts, unsentKey } from '../../../lib/drafts';
import { useUser } from '../../../lib/user';
import { getTopic } from '../api/get-topic';
import { heldMessagesKey } from '../api/held-messages';
import { isInTopic } from '../utils/chat-entry';
import { unconfirmedSends } from '../utils/local-echo';
import { chargedCosts } from '../utils/message-cost';
import { attachmentCostsQuery, chatKeys } from './chat-room/chat-cache';
import { useChatActions } from './chat-room/use-chat-actions';
import { useChatEntry } from './chat-room/use-chat-entry';
import { useChatLive } from './chat-room/use-chat-live';
import { useLocalEcho } from './chat-room/use-local-echo';
import { useChatMessages } from './chat-room/use-chat-messages';
import { useCompanionControls } from './chat-room/use-companion-controls';

export type { ChatPhase } from './chat-room/use-chat-entry';

/**
 * The chat screen (spec §4 Chat entry, §9): entry → conversation → live updates → actions, each a
 * small hook in ./chat-room. Server state (the topic, the messages) lives in the query cache under
 * ['chat', topicId]; socket events and the fallback poll write into it, components only read.
 */
export function useChatRoom(topicId: number) {
  const navigate = useNavigate();
  const toRooms = useCallback(() => navigate(paths.rooms.getHref()), [navigate]);
  const { data: user, isError: userFailed } = useUser();
  const userId = user?.id ?? null;
  // Membership also comes from the topic's own flags, so a failed profile load does not block the chat.
  const canStart = userId !== null || userFailed;

  const client = useQueryClient();
  const entry = useChatEntry(topicId, { userId, canStart, toRooms });
  // Leaving (issue 33 #1): the chat's socket, poll and queries stop before the leave request goes out,
  // so nothing asks for the chat after the user is out of it (a 403 then is no error to show).
  const [leaving, setLeaving] = useState(false);
  const ready = entry.phase === 'ready' && !leaving;
  const { data: topic = null } = useQuery<Topic | null>({
    queryKey: chatKeys.topic(topicId),
    queryFn: () => getTopic(topicId),
    enabled: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  const lastSyncAt = useRef(0);
  const conversation = useChatMessages(topicId, { enabled: ready, lastSyncAt, toRooms });
  const live = useChatLive({
    topicId,
    enabled: ready,
    userId,
    isOwner: topic?.is_owner ?? false,
    isClosed: topic?.is_closed ?? false,
    lastId: conversation.lastId,
    lastSyncAt,
    toRooms,
  });
  // Who leaves a conversation with a person lands on the rooms, asked to rate it there (issue 35 §3): the chat is gone.
  const onLeft = useCallback(() => navigate(paths.rooms.getHref(), { state: { rateTopicId: topicId } }), [navigate, topicId]);
  const actions = useChatActions(topicId, { isLive: live.isLive, showTyping: live.showTyping, toRooms, onLeft });
  const { send: sendNow } = actions;
  const echo = useLocalEcho(
    useCallback(
      (content: string, clientId: string, files: File[], onProgress?: (fraction: number) => void) => sendNow(content, files, onProgress, clientId),
      [sendNow],
    ),
    unsentKey(userId, topicId),
  );
  const pending = useMemo(() => unconfirmedSends(echo.pending, conversation.messages), [echo.pending, conversation.messages]);
  // A kept message the conversation now holds (it was stored after all) is done: forget it.
  const { remove: forgetSend } = echo;
  useEffect(() => {
    if (pending.length === echo.pending.length) return;
    for (const item of echo.pending) if (item.status === 'failed' && !pending.includes(item)) forgetSend(item.clientId);
  }, [pending, echo.pending, forgetSend]);
  const draft = draftKey(userId, topicId);
  const companion = useCompanionControls(topicId, { regenerating: live.regenerating, freeze: live.freezeStream, unfreeze: live.unfreezeStream });
  const { data: costs = null } = useQuery({ ...attachmentCostsQuery, enabled: ready });

  return {
    phase: entry.phase,
    /** The leave request is on its way: the screen is idle until it answers. */
    leaving,
    topic,
    fullTitle: entry.fullTitle,
    retry: entry.retry,
    agreeToTerms: entry.agreeToTerms,
    declineTerms: toRooms,
    messages: conversation.messages,
    messagesLoading: ready && conversation.loading,
    hasOlder: conversation.hasOlder,
    loadingOlder: conversation.loadingOlder,
    loadOlder: () => conversation.loadOlder().catch(live.refused),
    costs: chargedCosts(costs, user?.is_contributor ?? false),
    typingName: live.typingName,
    streamingText: live.streamingText,
    /** Stop and Regenerate (issue 34), for an AI chat the user is in. */
    companion: { ...companion, regeneratingId: live.regeneratingId },
    socketStatus: live.socketStatus,
    sendTyping: live.sendTyping,
    isInChat: ready && topic !== null && isInTopic(topic, userId),
    userId,
    /** Local echo (issue 34 §2): shown at once (files with their upload progress), rejected only when the server refuses it. */
    send: (content: string, files: File[] = []) => echo.submit(content, files),
    /** Messages not confirmed by the server yet: sending, or failed with a reason. */
    pending,
    retrySend: echo.retry,
    removeSend: echo.remove,
    /** Where the composer keeps this account's draft of this topic (null until the account is known). */
    draftKey: draft,
    leave: async () => {
      flushSync(() => setLeaving(true));
      await client.cancelQueries({ queryKey: chatKeys.all(topicId) });
      await client.cancelQueries({ queryKey: heldMessagesKey(topicId) });
      if (await actions.leave()) drafts.discard(draft);
      else setLeaving(false);
    },
    setChatMode: actions.setChatMode,
    /** Reads the topic again (after an action that changed who is in it). */
    refresh: () => void live.refreshTopic(),
    toRooms,
  };
}

export type ChatRoom = ReturnType<typeof useChatRoom>;
