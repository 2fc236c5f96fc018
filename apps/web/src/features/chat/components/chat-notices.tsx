import { type Topic } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { toast } from '../../../components/ui/toast';
import { useT } from '../../../lib/i18n';
import { activeTopicsQuery, activeTopicsQueryKey, getActiveTopics } from '../api/get-active-topics';
import { chatNotices, useChatNotices } from '../hooks/use-chat-notices';
import { formatActiveChatTime } from '../../../lib/format';
import { topicTitleStyle } from '../utils/bubble-style';
import '../chat.css';

/** Rendered once by every chat screen: the active-chats modal and the active-chat-limit offer. */
export function ChatNotices() {
  const t = useT();
  const { activeChatsOpen, limit } = useChatNotices();
  const unableToFindExisting = () => toast.error(t('chat.unableFindExisting'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const openExisting = async () => {
    if (!limit) return;
    chatNotices.closeLimit();
    if (limit.topicId) {
      navigate(paths.topicChat.getHref(limit.topicId));
      return;
    }
    try {
      const active = await queryClient.fetchQuery({ queryKey: activeTopicsQueryKey, queryFn: getActiveTopics, staleTime: 0 });
      const found = active.topics.find((topic) => topic.title === limit.title);
      if (found) navigate(paths.topicChat.getHref(found.id));
      else unableToFindExisting();
    } catch {
      unableToFindExisting();
    }
  };

  return (
    <>
      <ActiveChatsModal open={activeChatsOpen} onClose={chatNotices.closeActiveChats} />
      <Modal
        open={limit !== null}
        onClose={chatNotices.closeLimit}
        title={t('roomsUi.activeChatLimit')}
        footer={
          <>
            <Button variant="secondary" onClick={chatNotices.openActiveChats}>
              {t('topics.viewActiveChats')}
            </Button>
            <Button onClick={() => void openExisting()}>{t('topics.openExistingChat')}</Button>
          </>
        }
      >
        <p role="alert">{limit?.message}</p>
      </Modal>
    </>
  );
}

export function ActiveChatsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery({ ...activeTopicsQuery, enabled: open, staleTime: 0 });
  const openTopic = (topic: Topic) => {
    onClose();
    navigate(paths.topicChat.getHref(topic.id));
  };
  return (
    <Modal open={open} onClose={onClose} title={t('roomsUi.activeChats')}>
      {isPending ? (
        <div className="chat-center">
          <Spinner label={t('common.loading')} />
        </div>
      ) : isError ? (
        <p role="alert">{t('chat.failedActiveChats')}</p>
      ) : (
        <>
          <p className="muted active-chats__count">
            {data.currentCount} / {data.maxAllowed}
          </p>
          {data.topics.length === 0 ? (
            <p className="muted">{t('roomsUi.noActiveChats')}</p>
          ) : (
            <ul className="active-chats">
              {data.topics.map((topic) => (
                <li key={topic.id}>
                  <button type="button" className="active-chats__item" onClick={() => openTopic(topic)}>
                    <span className="active-chats__title" style={topicTitleStyle(topic)}>
                      {topic.title}
                    </span>
                    <span className="active-chats__meta">
                      <span className={`mode-badge mode-badge--${topic.chat_mode}`}>
                        {topic.chat_mode === 'ai' ? t('topicsUi.modeAi') : t('topicsUi.modeHuman')}
                      </span>
                      <time dateTime={topic.updated_at}>{formatActiveChatTime(topic.updated_at, undefined, t)}</time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Modal>
  );
}
