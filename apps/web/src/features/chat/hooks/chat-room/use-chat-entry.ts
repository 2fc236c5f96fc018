import { type Topic } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { toast } from '../../../../components/ui/toast';
import { useI18n } from '../../../../lib/i18n';
import { acceptTerms } from '../../api/topic-membership';
import { enterChat } from '../../utils/chat-entry';
import { handleTopicError } from '../use-chat-notices';
import { chatKeys } from './chat-cache';

/** 'loading' → ('terms' | 'full' | 'ready'); 'full' is a third user on a topic with two people in it. */
export type ChatPhase = 'loading' | 'terms' | 'full' | 'ready';

/**
 * Steps 1-3 of spec §4 Chat entry as one query per visit: fetch the topic, check the terms, be the
 * owner or join. The outcome seeds the topic in the cache; 'gone' and 'refused' say why and go to
 * the rooms. It runs once per visit (never refetched behind the user's back; a new visit enters again).
 */
export function useChatEntry(topicId: number, options: { userId: number | null; canStart: boolean; toRooms: () => void }) {
  const { userId, canStart, toRooms } = options;
  const i18n = useI18n();
  const { t } = i18n;
  // Read when the outcome lands, not a reason to say it again when the language's texts arrive.
  const latest = useRef(i18n);
  latest.current = i18n;
  const client = useQueryClient();
  const entry = useQuery({
    queryKey: chatKeys.entry(topicId),
    queryFn: async () => {
      const outcome = await enterChat(topicId, userId, t);
      if (outcome.kind === 'ready' || outcome.kind === 'terms' || outcome.kind === 'full')
        client.setQueryData<Topic | null>(chatKeys.topic(topicId), outcome.topic);
      if (outcome.kind === 'ready' && outcome.joined) void client.invalidateQueries({ queryKey: ['topics', 'active'] });
      return outcome;
    },
    enabled: canStart,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const outcome = entry.isFetching ? undefined : entry.data;
  useEffect(() => {
    if (outcome?.kind === 'gone') {
      toast.error(latest.current.localize(outcome.message));
      toRooms();
    } else if (outcome?.kind === 'refused') {
      handleTopicError(outcome.error, { t: latest.current.t, fallback: 'chat.unableToJoin' });
      toRooms();
    }
  }, [outcome, toRooms]);

  const phase: ChatPhase = outcome?.kind === 'terms' || outcome?.kind === 'full' || outcome?.kind === 'ready' ? outcome.kind : 'loading';
  const { refetch } = entry;
  /** Enter again: a third user on a full chat asks once more (spec §8: no polling after a 403). */
  const retry = useCallback(() => void refetch(), [refetch]);

  const agreeToTerms = useCallback(async () => {
    try {
      await acceptTerms(topicId);
      await refetch();
    } catch {
      toast.error(t('chat.failedAcceptTerms'));
    }
  }, [topicId, refetch, t]);

  return { phase, fullTitle: outcome?.kind === 'full' ? outcome.title : null, retry, agreeToTerms };
}
