import { type ChatMode } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { isTextOf } from '../utils/topic-errors';
import { getRandomTopic } from '../api/get-random-topic';
import { handleTopicError } from './use-chat-notices';

/** 'Start Random Chat' / 'Start! Chat': GET /topics/random and open the topic; errors per spec §8. */
export function useStartChat() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  /** A human chat found nobody waiting: the page offers the companion and a topic of one's own. */
  const [noPartner, setNoPartner] = useState(false);

  const start = useCallback(
    async (mode: ChatMode) => {
      setStarting(true);
      try {
        const topicId = await getRandomTopic(mode);
        void queryClient.invalidateQueries({ queryKey: ['topics'] });
        navigate(paths.topicChat.getHref(topicId));
      } catch (error) {
        if (mode === 'human' && error instanceof ApiError && error.status === 409 && isTextOf(error.message, 'topics.noAvailableChats', t)) {
          setNoPartner(true);
          return;
        }
        handleTopicError(error, { t, fallback: 'chat.failedStart', openTopic: (id) => navigate(paths.topicChat.getHref(id)) });
      } finally {
        setStarting(false);
      }
    },
    [navigate, queryClient, t],
  );

  return { start, starting, noPartner, dismissNoPartner: () => setNoPartner(false) };
}
