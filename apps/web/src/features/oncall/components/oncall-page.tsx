import { type QueueEntry } from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Checkbox, SelectField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useI18n, useT } from '../../../lib/i18n';
import { usePresence, useUpdatePresence } from '../api/presence';
import { queueKey, useQueue } from '../api/queue';
import { takeSeat } from '../api/take-seat';
import { isSoundOn, playAlertSound, setSoundOn } from '../hooks/alert-sound';
import { SavedRepliesManager } from './saved-replies-manager';
import '../oncall.css';

/** /oncall: an interlocutor's availability, the live queue and their saved replies (issue 35 §1). */
export function OncallPage() {
  const t = useT();
  const presence = usePresence();
  if (presence.isPending) return <PageSpinner />;
  if (presence.isError) {
    return (
      <section className="container oncall">
        <h1>{t('oncall.title')}</h1>
        <p>{t('oncall.onlyInterlocutors')}</p>
      </section>
    );
  }
  return (
    <section className="container oncall">
      <h1>{t('oncall.title')}</h1>
      <p className="muted">{t('oncall.intro')}</p>
      <div className="oncall__grid">
        <div className="oncall__column">
          <PresenceCard />
          <SavedRepliesManager />
        </div>
        <LiveQueue />
      </div>
    </section>
  );
}

function PresenceCard() {
  const t = useT();
  const { localize } = useI18n();
  const { data: presence } = usePresence();
  const update = useUpdatePresence();
  const [saving, setSaving] = useState(false);
  const [sound, setSound] = useState(isSoundOn);
  if (!presence) return null;
  const save = async (body: Parameters<typeof update.mutateAsync>[0]) => {
    setSaving(true);
    try {
      await update.mutateAsync(body);
    } catch (error) {
      toast.error(error instanceof ApiError ? localize(error.message) : t('common.anErrorOccurred'));
    } finally {
      setSaving(false);
    }
  };
  const isAvailable = presence.status === 'available';
  return (
    <div className="card oncall__card">
      <h2>{t('oncall.statusLabel')}</h2>
      <div className="oncall__status" role="group" aria-label={t('oncall.statusLabel')}>
        <Button variant={isAvailable ? 'primary' : 'secondary'} aria-pressed={isAvailable} disabled={saving} onClick={() => void save({ status: 'available' })}>
          {t('oncall.available')}
        </Button>
        <Button variant={isAvailable ? 'secondary' : 'primary'} aria-pressed={!isAvailable} disabled={saving} onClick={() => void save({ status: 'away' })}>
          {t('oncall.away')}
        </Button>
      </div>
      {presence.lapsed && (
        <p className="oncall__note" role="status">
          {t('oncall.lapsed')}
        </p>
      )}
      <SelectField
        label={t('oncall.maxChats')}
        value={presence.max_chats}
        disabled={saving}
        onChange={(event) => void save({ max_chats: Number(event.target.value) })}
      >
        {Array.from({ length: presence.max_allowed }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </SelectField>
      <p className="muted oncall__hint">{t('oncall.maxChatsHint', { max: presence.max_allowed })}</p>
      <Checkbox
        label={t('oncall.talkAgain')}
        checked={presence.talk_again}
        disabled={saving}
        onChange={(event) => void save({ talk_again: event.target.checked })}
      />
      <Checkbox
        label={sound ? t('oncall.soundOn') : t('oncall.soundOff')}
        checked={sound}
        onChange={(event) => {
          setSoundOn(event.target.checked);
          setSound(event.target.checked);
          if (event.target.checked) playAlertSound();
        }}
      />
    </div>
  );
}

function LiveQueue() {
  const t = useT();
  const { localize } = useI18n();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const queue = useQueue();
  const [taking, setTaking] = useState<number | null>(null);
  const now = useNow();
  const take = async (entry: QueueEntry) => {
    setTaking(entry.topic_id);
    try {
      const topic = await takeSeat(entry.topic_id);
      navigate(paths.topicChat.getHref(topic.id));
    } catch (error) {
      const full = error instanceof ApiError && error.status === 409 && (error.body as { is_full?: boolean } | null)?.is_full === true;
      toast.error(full ? t('oncall.taken') : error instanceof ApiError ? localize(error.message) : t('common.anErrorOccurred'));
      void queryClient.invalidateQueries({ queryKey: queueKey });
    } finally {
      setTaking(null);
    }
  };
  const topics = queue.data?.topics ?? [];
  const fetchedAt = queue.dataUpdatedAt;
  return (
    <div className="card oncall__card oncall__queue">
      <h2>{t('oncall.queueTitle')}</h2>
      {queue.data?.presence.status === 'away' && <p className="oncall__note">{t('oncall.goAvailable')}</p>}
      {queue.isPending ? (
        <PageSpinner />
      ) : topics.length === 0 ? (
        <p className="muted">{t('oncall.queueEmpty')}</p>
      ) : (
        <ul className="oncall__list" aria-label={t('oncall.queueTitle')}>
          {topics.map((entry) => (
            <li key={entry.topic_id} className="oncall__entry" data-testid="queue-entry">
              <div>
                <p className="oncall__entry-title">{entry.title}</p>
                <p className="muted">
                  {entry.room_title ?? t('oncall.noRoom')} ·{' '}
                  {t('oncall.waitedFor', { time: formatWait(t, entry.waiting_seconds + Math.max(0, Math.floor((now - fetchedAt) / 1000))) })}
                </p>
              </div>
              <Button size="sm" loading={taking === entry.topic_id} disabled={taking !== null} onClick={() => void take(entry)}>
                {t('oncall.take')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function formatWait(t: ReturnType<typeof useT>, seconds: number) {
  return seconds < 90 ? t('waiting.seconds', { n: seconds }) : t('waiting.minutes', { n: Math.floor(seconds / 60) });
}

/** The current time, every second: the waits count up between queue reads. */
function useNow() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
