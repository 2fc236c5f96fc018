import { texts, type Topic } from '@parley/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatActiveChatTime } from '../../../lib/format';
import { activeTopicsQuery, activeTopicsQueryKey, getActiveTopics } from '../api/get-active-topics';
import { chatNotices, unableToFindExisting, useChatNotices } from '../hooks/use-chat-notices';
import { topicTitleStyle } from '../utils/bubble-style';
import '../chat.css';

/** Rendered once by every chat screen: the active-chats modal and the active-chat-limit offer. */
export function ChatNotices() {
  const { activeChatsOpen, limit } = useChatNotices();
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
      const found = active.topics.find((t) => t.title === limit.title);
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
        title="Active chat limit"
        footer={
          <>
            <Button variant="secondary" onClick={chatNotices.openActiveChats}>
              {texts.topics.viewActiveChats}
            </Button>
            <Button onClick={() => void openExisting()}>{texts.topics.openExistingChat}</Button>
          </>
        }
      >
        <p role="alert">{limit?.message}</p>
      </Modal>
    </>
  );
}

export function ActiveChatsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { data, isPending, isError } = useQuery({ ...activeTopicsQuery, enabled: open, staleTime: 0 });
  const openTopic = (topic: Topic) => {
    onClose();
    navigate(paths.topicChat.getHref(topic.id));
  };
  return (
    <Modal open={open} onClose={onClose} title="Active chats">
      {isPending ? (
        <div className="chat-center">
          <Spinner label={texts.common.loading} />
        </div>
      ) : isError ? (
        <p role="alert">{texts.chat.failedActiveChats}</p>
      ) : (
        <>
          <p className="muted active-chats__count">
            {data.currentCount} / {data.maxAllowed}
          </p>
          {data.topics.length === 0 ? (
            <p className="muted">No active chats</p>
          ) : (
            <ul className="active-chats">
              {data.topics.map((topic) => (
                <li key={topic.id}>
                  <button type="button" className="active-chats__item" onClick={() => openTopic(topic)}>
                    <span className="active-chats__title" style={topicTitleStyle(topic)}>
                      {topic.title}
                    </span>
                    <span className="active-chats__meta">
                      <span className={`mode-badge mode-badge--${topic.chat_mode}`}>{topic.chat_mode === 'ai' ? 'AI' : 'Human'}</span>
                      <time dateTime={topic.updated_at}>{formatActiveChatTime(topic.updated_at)}</time>
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
