import { type ChatMode, type Topic } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../../components/ui/toast';
import { ApiError } from '../../../../lib/api-client';
import { useI18n } from '../../../../lib/i18n';
import { refreshSpending } from '../../../../lib/spending';
import { heldMessagesKey } from '../../api/held-messages';
import { sendMessage } from '../../api/send-message';
import { leaveTopic, updateChatMode } from '../../api/topic-membership';
import { setUserBalance } from '../../utils/balance';
import { handleTopicError } from '../use-chat-notices';
import { addMessages, chatKeys, patchTopic } from './chat-cache';

/** Longest wait for a companion reply while polling (the reply delay is at most a minute or so). */
const AI_REPLY_WAIT_MS = 75_000;

interface Options {
  isLive: boolean;
  /** Without push there are no typing events: the screen shows the companion writing until its reply is polled in. */
  showTyping: (name: string, forMs?: number) => void;
  toRooms: () => void;
  /** Where the screen goes once the user left (the rooms, offering to rate the conversation); `toRooms` when absent. */
  onLeft?: () => void;
}

/** What the user does in the chat: send, leave, switch between a person and the companion. */
export function useChatActions(topicId: number, { isLive, showTyping, toRooms, onLeft }: Options) {
  const { t, localize } = useI18n();
  const client = useQueryClient();
  const topicNow = useCallback(() => client.getQueryData<Topic | null>(chatKeys.topic(topicId)) ?? null, [client, topicId]);

  const send = useCallback(
    async (content: string, files: File[] = [], onProgress?: (fraction: number) => void, clientId?: string) => {
      const result = await sendMessage({ topicId, content, files, onProgress, clientId });
      if (result.message) addMessages(client, topicId, [result.message]);
      // Crisis care (issue 36 §1): the card is shown at once, to this writer only.
      if (result.crisis) client.setQueryData(chatKeys.crisisCard(topicId), result.crisis);
      // Held by a content rule (issue 15): shown to the sender as 'Pending review' until a moderator decides.
      if (result.held) {
        toast.info(t('contentRules.heldNotice'));
        void client.invalidateQueries({ queryKey: heldMessagesKey(topicId) });
      }
      setUserBalance(client, result.balance);
      refreshSpending(client);
      const topic = topicNow();
      if (topic?.chat_mode === 'ai' && !isLive) showTyping(topic.companion_name, AI_REPLY_WAIT_MS);
      return result;
    },
    [client, topicId, topicNow, isLive, showTyping, t],
  );

  /** True once left (the screen goes to the rooms); false when the server refused. */
  const leave = useCallback(async (): Promise<boolean> => {
    try {
      await leaveTopic(topicId);
      toast.success(t('chat.leftChat'));
      void client.invalidateQueries({ queryKey: ['topics'] });
      // The screen unmounts with the navigation; its cache entries go with it (gcTime 0).
      (onLeft ?? toRooms)();
      return true;
    } catch (error) {
      toast.error(error instanceof ApiError ? localize(error.message) : t('chat.failedLeave'));
      return false;
    }
  }, [client, topicId, toRooms, onLeft, t, localize]);

  /** Optimistic: the switch moves at once and moves back if the server refuses. */
  const setChatMode = useCallback(
    async (mode: ChatMode) => {
      const previous = topicNow()?.chat_mode;
      patchTopic(client, topicId, { chat_mode: mode });
      try {
        const response = await updateChatMode(topicId, mode);
        client.setQueryData<Topic | null>(chatKeys.topic(topicId), response.payload.topic);
      } catch (error) {
        if (previous) patchTopic(client, topicId, { chat_mode: previous });
        handleTopicError(error, { t, fallback: 'common.anErrorOccurred' });
      }
    },
    [client, topicId, topicNow, t],
  );

  return { send, leave, setChatMode };
}
