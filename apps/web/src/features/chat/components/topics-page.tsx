import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useI18n, useT } from '../../../lib/i18n';
import { allRoomsQuery } from '../api/get-rooms';
import { useTopics } from '../api/get-topics';
import { isSafeColor, topicTitleStyle } from '../utils/bubble-style';
import { ChatNotices } from './chat-notices';
import { useRandomChat } from './random-chat';

function RoomNotFound() {
  const t = useT();
  return (
    <div className="container page-state page-state--accent">
      <p className="page-state__code" aria-hidden="true">
        404
      </p>
      <h1 className="page-state__title">{t('rooms.roomNotFound')}</h1>
      <Link to={paths.rooms.getHref()} className={buttonClass('primary', 'lg')}>
        {t('topicsUi.back')}
      </Link>
    </div>
  );
}

/** TopicsPage (spec §2): the topics of one room (or all), with Back, Create topic and Start Random Chat. */
export function TopicsPage({ roomId }: { roomId: number | null }) {
  const { t, localize } = useI18n();
  const navigate = useNavigate();
  const topics = useTopics(roomId);
  const rooms = useQuery(allRoomsQuery);
  const { startRandom, starting, createTopic, modals } = useRandomChat(roomId);
  const room = roomId === null ? null : rooms.data?.find((r) => r.id === roomId);
  const heading = roomId === null ? t('rooms.all') : (room?.title ?? (rooms.isPending ? t('common.loading') : t('rooms.all')));
  const list = topics.data?.pages.flatMap((page) => page.topics) ?? [];
  // A room id that is not a room (/rooms/9999/topics) is not found, not an empty 'All'.
  if (roomId !== null && rooms.isSuccess && !room) return <RoomNotFound />;

  return (
    <div className="chat-page">
      <section className="chat-page__hero">
        <div className="container chat-page__hero-inner">
          <div>
            <Button variant="ghost" size="sm" className="chat-page__back" onClick={() => navigate(paths.rooms.getHref())}>
              <span aria-hidden="true">←</span> {t('topicsUi.back')}
            </Button>
            <h1 className="chat-page__title">{heading}</h1>
          </div>
          <div className="chat-page__actions">
            <Button variant="light" onClick={createTopic}>
              {t('topicsUi.createTopic')}
            </Button>
            <Button onClick={startRandom} loading={starting}>
              {t('rooms.startRandomChat')}
            </Button>
          </div>
        </div>
      </section>
      <div className="container chat-page__body">
        {topics.isPending ? (
          <div className="chat-center">
            <Spinner size="lg" label={t('common.loading')} />
          </div>
        ) : topics.isError ? (
          <p className="empty-state" role="alert">
            {localize(topics.error.message)}
          </p>
        ) : list.length === 0 ? (
          <div className="empty-state">
            <p>{t('rooms.noTopics')}</p>
            <Button onClick={createTopic}>{t('topicsUi.createTopic')}</Button>
          </div>
        ) : (
          <ul className="topic-grid">
            {list.map((topic) => {
              const accent = topic.is_highlighted && topic.highlight_color && isSafeColor(topic.highlight_color) ? topic.highlight_color : undefined;
              return (
                <li key={topic.id}>
                  <Link
                    to={paths.topicChat.getHref(topic.id)}
                    className={`topic-card${topic.is_highlighted ? ' topic-card--highlighted' : ''}`}
                    style={accent ? { borderColor: accent, ['--topic-accent' as string]: accent } : undefined}
                  >
                    <span className="topic-card__title" style={topicTitleStyle(topic)}>
                      {topic.title}
                    </span>
                    <span className="topic-card__meta">
                      {topic.room?.title && roomId === null && <span>{topic.room.title}</span>}
                      <span className={`mode-badge mode-badge--${topic.chat_mode}`}>
                        {topic.chat_mode === 'ai' ? t('topicsUi.modeAi') : t('topicsUi.modeHuman')}
                      </span>
                      <span aria-label={t('topicsUi.participants', { n: topic.participants_count })}>{topic.participants_count}/2</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {topics.hasNextPage && (
          <div className="chat-page__more">
            <Button variant="light" onClick={() => void topics.fetchNextPage()} loading={topics.isFetchingNextPage}>
              {t('topicsUi.showMore')}
            </Button>
          </div>
        )}
      </div>
      {modals}
      <ChatNotices />
    </div>
  );
}
