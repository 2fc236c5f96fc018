import type { NotificationSettings } from '@parley/contracts';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useMuteConversation, useMutableConversations, useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings';
import { usePushDevice } from '../hooks/use-push-device';

/** Account → Notifications (issue 34 §3): push on this device, quiet hours, the mail digest, muted conversations. */
export function NotificationSettingsPanel() {
  const t = useT();
  const settings = useNotificationSettings();
  if (settings.isPending) return <PageSpinner />;
  if (!settings.data) return <p role="alert">{t('common.anErrorOccurred')}</p>;
  return (
    <div className="stack">
      <PushDeviceCard settings={settings.data} />
      <ScheduleCard settings={settings.data} />
      <MutedConversations muted={settings.data.muted_topic_ids} />
    </div>
  );
}

function PushDeviceCard({ settings }: { settings: NotificationSettings }) {
  const t = useT();
  const { state, turnOn, turnOff } = usePushDevice(settings.push_public_key);
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const status = !settings.push_public_key
    ? t('push.pushUnavailable')
    : state === 'unsupported'
      ? t('push.pushUnsupported')
      : state === 'denied'
        ? t('push.pushDenied')
        : state === 'on'
          ? t('push.pushEnabledHere')
          : t('push.pushDisabledHere');
  const canToggle = Boolean(settings.push_public_key) && (state === 'on' || state === 'off');
  return (
    <section className="card" aria-labelledby="push-device-title">
      <h2 className="card__title" id="push-device-title">
        {t('push.pushHeading')}
      </h2>
      <p>{t('push.pushExplain')}</p>
      <p role="status">{status}</p>
      <p className="muted">{t('push.pushDevices', { n: settings.push_devices })}</p>
      {canToggle && (
        <Button variant={state === 'on' ? 'secondary' : 'primary'} disabled={busy} onClick={() => void act(state === 'on' ? turnOff : turnOn)}>
          {state === 'on' ? t('push.pushOff') : t('push.pushOn')}
        </Button>
      )}
    </section>
  );
}

function ScheduleCard({ settings }: { settings: NotificationSettings }) {
  const t = useT();
  const save = useSaveNotificationSettings();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || settings.time_zone;
  const [quiet, setQuiet] = useState(settings.quiet_start !== null);
  const [from, setFrom] = useState(settings.quiet_start ?? '22:00');
  const [to, setTo] = useState(settings.quiet_end ?? '07:00');
  const [digest, setDigest] = useState(settings.email_digest);
  const [minutes, setMinutes] = useState(String(settings.digest_after_minutes));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        quiet_start: quiet ? from : null,
        quiet_end: quiet ? to : null,
        time_zone: zone,
        email_digest: digest,
        digest_after_minutes: Math.min(1440, Math.max(1, Math.round(Number(minutes)) || 10)),
      },
      { onSuccess: () => toast.success(t('push.saved')), onError: (error) => toast.error(errorMessage(error)) },
    );
  };

  return (
    <form className="card stack" aria-labelledby="quiet-title" onSubmit={submit}>
      <h2 className="card__title" id="quiet-title">
        {t('push.quietHours')}
      </h2>
      <p>{t('push.quietExplain', { zone })}</p>
      <label className="check">
        <input type="checkbox" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />
        <span>{t('push.quietEnabled')}</span>
      </label>
      {quiet && (
        <div className="notify-times">
          <label className="field">
            <span className="field__label">{t('push.quietFrom')}</span>
            <input className="input" type="time" value={from} required onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label className="field">
            <span className="field__label">{t('push.quietTo')}</span>
            <input className="input" type="time" value={to} required onChange={(e) => setTo(e.target.value)} />
          </label>
        </div>
      )}
      <h3>{t('push.emailHeading')}</h3>
      <label className="check">
        <input type="checkbox" checked={digest} onChange={(e) => setDigest(e.target.checked)} />
        <span>{t('push.emailDigest')}</span>
      </label>
      {digest && (
        <label className="field">
          <span className="field__label">{t('push.digestAfter')}</span>
          <input className="input" type="number" min={1} max={1440} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
        </label>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {t('push.save')}
        </Button>
      </div>
    </form>
  );
}

function MutedConversations({ muted }: { muted: number[] }) {
  const t = useT();
  const conversations = useMutableConversations();
  const mute = useMuteConversation();
  const topics = conversations.data ?? [];
  return (
    <section className="card" aria-labelledby="muted-title">
      <h2 className="card__title" id="muted-title">
        {t('push.mutedHeading')}
      </h2>
      <p>{t('push.mutedExplain')}</p>
      {topics.length === 0 ? (
        <p className="muted">{t('push.noConversations')}</p>
      ) : (
        <ul className="notify-topics">
          {topics.map((topic) => {
            const isMuted = muted.includes(topic.id);
            return (
              <li key={topic.id} className="notify-topic">
                <span>{topic.title}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={mute.isPending}
                  aria-pressed={isMuted}
                  onClick={() => mute.mutate({ topic_id: topic.id, muted: !isMuted }, { onError: (error) => toast.error(errorMessage(error)) })}
                >
                  {isMuted ? t('push.unmute') : t('push.mute')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
