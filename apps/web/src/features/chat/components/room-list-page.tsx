import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { useActiveTopics } from '../api/get-active-topics';
import { usePairing } from '../api/pairing';
import { useRooms } from '../api/get-rooms';
import { chatNotices } from '../hooks/use-chat-notices';
import { isSafeColor } from '../utils/bubble-style';
import { ChatNotices } from './chat-notices';
import { RatePairingCard } from './pairing-actions';
import { useRandomChat } from './random-chat';

const DEFAULT_ROOM_COLOR = 'purple';

/** RoomListPage (spec §2): 'Enter Room' grid, 12 per page, random chat and active chats. */
export function RoomListPage() {
  // The page lives in the URL (?page=N): a reload or Back keeps it.
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const setPage = (next: number) => setParams(next > 1 ? { page: String(next) } : {});
  const rooms = useRooms(page);
  const active = useActiveTopics();
  const { startRandom, starting, modals } = useRandomChat(null);
  const list = rooms.data?.data ?? [];
  const lastPage = rooms.data?.meta.last_page ?? 1;

  return (
    <div className="chat-page">
      <section className="chat-page__hero">
        <div className="container chat-page__hero-inner">
          <div>
            <p className="eyebrow eyebrow--light">{t('nav.rooms')}</p>
            <h1 className="chat-page__title">{t('rooms.enterRoom')}</h1>
          </div>
          <div className="chat-page__actions">
            <Button variant="light" onClick={chatNotices.openActiveChats} aria-label={t('roomsUi.activeChatsCount', { n: active.data?.currentCount ?? 0 })}>
              {t('roomsUi.activeChats')} <span className="count-badge">{active.data?.currentCount ?? 0}</span>
            </Button>
            <Button onClick={startRandom} loading={starting}>
              {t('rooms.startRandomChat')}
            </Button>
          </div>
        </div>
      </section>
      <div className="container chat-page__body">
        <RateLeftConversation />
        {rooms.isPending ? (
          <div className="chat-center">
            <Spinner size="lg" label={t('common.loading')} />
          </div>
        ) : rooms.isError ? (
          <p className="empty-state" role="alert">
            {t('rooms.failedRooms')}
          </p>
        ) : list.length === 0 ? (
          <p className="empty-state">{t('rooms.noRooms')}</p>
        ) : (
          <>
            <ul className="room-grid">
              {list.map((room) => {
                const color = room.border_color && isSafeColor(room.border_color) ? room.border_color : DEFAULT_ROOM_COLOR;
                return (
                  <li key={room.id}>
                    <Link to={paths.roomTopics.getHref(room.id)} className="room-card" style={{ ['--room-color' as string]: color }}>
                      <span className="room-card__dot" aria-hidden="true" />
                      <span className="room-card__title">{room.title}</span>
                      <span className="room-card__cta" aria-hidden="true">
                        →
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
            <Pagination page={page} lastPage={lastPage} onChange={setPage} label={t('roomsUi.roomsPages')} />
          </>
        )}
      </div>
      {modals}
      <ChatNotices />
    </div>
  );
}

/** The conversation the user just left (the chat sends its id along): rate it here, once, when it was with a person. */
function RateLeftConversation() {
  const state: unknown = useLocation().state;
  const topicId = typeof state === 'object' && state !== null && 'rateTopicId' in state && typeof state.rateTopicId === 'number' ? state.rateTopicId : null;
  const { data: pairing } = usePairing(topicId ?? 0, 0, true, topicId !== null);
  if (topicId === null || !pairing || (!pairing.can_rate && !pairing.rating)) return null;
  return <RatePairingCard topicId={topicId} pairing={pairing} />;
}
