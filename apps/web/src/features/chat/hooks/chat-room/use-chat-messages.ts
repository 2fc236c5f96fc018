import { type PageMeta } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useT } from '../../../../lib/i18n';
import { getMessages } from '../../api/messages';
import { lastMessageId, mergeMessages } from '../../utils/merge-messages';
import { handleTopicError } from '../use-chat-notices';
import { addMessages, chatKeys, readConversation, type Conversation } from './chat-cache';

const nextPageAfter = (page: number, meta: PageMeta | null) => (meta && meta.current_page < meta.last_page ? page + 1 : null);

interface Options {
  /** Only once the chat is entered. */
  enabled: boolean;
  /** Set when the first page lands: the fallback poll counts its 5 s from there. */
  lastSyncAt: MutableRefObject<number>;
  toRooms: () => void;
}

/**
 * The conversation as this viewer may read it (spec §4 step 4, §9): the newest page first, older
 * pages on demand. What arrives live is merged into the same cache entry, so the first page never
 * drops a message pushed while it was loading.
 */
export function useChatMessages(topicId: number, { enabled, lastSyncAt, toRooms }: Options) {
  // Read when an error lands, not a reason to report it again when the language's texts arrive.
  const t = useT();
  const latestT = useRef(t);
  latestT.current = t;
  const client = useQueryClient();
  const query = useQuery({
    queryKey: chatKeys.messages(topicId),
    queryFn: async ({ signal }): Promise<Conversation> => {
      const page = await getMessages(topicId, 1, signal);
      lastSyncAt.current = Date.now();
      return { messages: mergeMessages(readConversation(client, topicId).messages, page.data), nextPage: nextPageAfter(1, page.meta) };
    },
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const { error } = query;
  useEffect(() => {
    if (error) handleTopicError(error, { t: latestT.current, fallback: 'chat.failedInit', toRooms });
  }, [error, toRooms]);

  const [loadingOlder, setLoadingOlder] = useState(false);
  const nextPage = query.data?.nextPage ?? null;
  /** The next older page; a failure is thrown to the caller (a refusal there also ends the poll). */
  const loadOlder = useCallback(async () => {
    if (nextPage === null || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const result = await getMessages(topicId, nextPage);
      addMessages(client, topicId, result.data);
      client.setQueryData<Conversation>(chatKeys.messages(topicId), (current) => current && { ...current, nextPage: nextPageAfter(nextPage, result.meta) });
    } finally {
      setLoadingOlder(false);
    }
  }, [client, topicId, nextPage, loadingOlder]);

  const messages = query.data?.messages ?? [];
  return {
    messages,
    /** The first page is not in yet (or the chat is not entered). */
    loading: !query.isSuccess && !query.isError,
    hasOlder: nextPage !== null,
    loadingOlder,
    loadOlder,
    /** The newest id held: sent on subscribe and used as after_id when polling. */
    lastId: () => lastMessageId(readConversation(client, topicId).messages),
  };
}
