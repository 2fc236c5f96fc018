import { RATING_TEXT_MAX, TIP_MAX_COINS, type Pairing } from '@parley/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useI18n, useT } from '../../../lib/i18n';
import { useSettings } from '../../../lib/reference';
import { useRatePairing, useSendTip } from '../api/pairing';

/** 'Top rated' beside the interlocutor's chat name (issue 35 §3). */
export function TopRatedBadge() {
  const t = useT();
  return (
    <span className="top-rated-badge" title={t('ratings.topRatedHint')} data-testid="top-rated-badge">
      <span aria-hidden="true">★</span> {t('ratings.topRated')}
    </span>
  );
}

/** After the pairing ended: 1–5 stars and optional words, once. */
export function RatePairingCard({ topicId, pairing }: { topicId: number; pairing: Pairing }) {
  const { t, localize } = useI18n();
  const [stars, setStars] = useState(0);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const rate = useRatePairing(topicId);
  if (pairing.rating)
    return (
      <p className="rate-card rate-card--done" data-testid="rating-done">
        {t('ratings.yourRating', { stars: pairing.rating.stars })}
      </p>
    );
  if (!pairing.can_rate) return null;
  const submit = () => {
    if (stars < 1) {
      setError(t('ratings.starsRequired'));
      return;
    }
    rate.mutate(
      { stars, ...(text.trim() ? { text: text.trim() } : {}) },
      {
        onSuccess: (response) => toast.success(response.message ? localize(response.message) : t('ratings.thanks')),
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };
  return (
    <form
      className="rate-card"
      aria-label={t('ratings.rateTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className="rate-card__title">{t('ratings.rateTitle')}</h2>
      <p className="rate-card__intro">{t('ratings.rateIntro')}</p>
      <fieldset className="rate-card__stars">
        <legend className="sr-only">{t('ratings.rateTitle')}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={`rate-star${n <= stars ? ' is-on' : ''}`}>
            <input
              type="radio"
              name={`stars-${topicId}`}
              value={n}
              className="sr-only"
              checked={stars === n}
              onChange={() => {
                setStars(n);
                setError(undefined);
              }}
            />
            <span aria-hidden="true">★</span>
            <span className="sr-only">{t('ratings.starLabel', { n })}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <Textarea label={t('ratings.textLabel')} value={text} limit={RATING_TEXT_MAX} onChange={(event) => setText(event.target.value)} rows={2} />
      <Button type="submit" loading={rate.isPending}>
        {t('ratings.submit')}
      </Button>
    </form>
  );
}

const newTipKey = () => (crypto.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9_-]/g, '');

/** Presets from the admin's settings and a custom amount; one key per tip being given, so a retry tips once. */
export function TipModal({ open, topicId, onClose }: { open: boolean; topicId: number; onClose: () => void }) {
  const { t, localize } = useI18n();
  const { data: settings } = useSettings();
  const [amount, setAmount] = useState<number | null>(null);
  const [custom, setCustom] = useState('');
  const [key, setKey] = useState(newTipKey);
  const tip = useSendTip(topicId);
  const chosen = custom ? Number(custom) : amount;
  const valid = chosen !== null && Number.isInteger(chosen) && chosen >= 1 && chosen <= TIP_MAX_COINS;
  const close = () => {
    setAmount(null);
    setCustom('');
    onClose();
  };
  const send = () => {
    if (!valid) return;
    tip.mutate(
      { amount: chosen, key },
      {
        onSuccess: (response) => {
          toast.success(response.message ? localize(response.message) : t('tips.sent'));
          setKey(newTipKey());
          close();
        },
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  };
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('tips.title')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={tip.isPending}>
            {t('common.cancel')}
          </Button>
          <Button loading={tip.isPending} disabled={!valid} onClick={send}>
            {t('tips.send')}
          </Button>
        </>
      }
    >
      <p>{t('tips.intro')}</p>
      <div className="tip-presets" role="group" aria-label={t('tips.title')}>
        {(settings?.tip_presets ?? []).map((coins) => (
          <Button
            key={coins}
            variant={amount === coins && !custom ? 'primary' : 'secondary'}
            aria-pressed={amount === coins && !custom}
            onClick={() => {
              setAmount(coins);
              setCustom('');
            }}
          >
            {t('tips.coins', { coins })}
          </Button>
        ))}
      </div>
      <TextField
        label={t('tips.custom')}
        type="number"
        inputMode="numeric"
        min={1}
        max={TIP_MAX_COINS}
        step={1}
        value={custom}
        onChange={(event) => setCustom(event.target.value)}
      />
    </Modal>
  );
}
