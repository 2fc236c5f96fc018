import { limits, reportDetailsMax, reportReasons, type ReportReason, type Topic, type WaitInfo } from '@parley/contracts';
import { type TextKey } from '@parley/contracts/i18n';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Textarea } from '../../../components/ui/textarea';
import { useI18n, useT } from '../../../lib/i18n';
import { useSettings } from '../../../lib/reference';
import { useWaitInfo } from '../api/get-wait-info';

/** Terms agreement (spec §4): persistent; Agree posts the acceptance, Leave goes to the rooms. */
export function TermsModal({ topic, onAgree, onLeave }: { topic: Topic | null; onAgree: () => Promise<void>; onLeave: () => void }) {
  const { t, localize } = useI18n();
  const [busy, setBusy] = useState(false);
  const terms = topic?.terms;
  return (
    <Modal
      open
      persistent
      onClose={onLeave}
      title={terms?.title ? localize(terms.title) : t('chatUi.chatRules')}
      footer={
        <>
          <Button variant="secondary" onClick={onLeave} disabled={busy}>
            {t('chat.leave')}
          </Button>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              await onAgree();
              setBusy(false);
            }}
          >
            {t('chat.agree')}
          </Button>
        </>
      }
    >
      <TermsBody topic={topic} />
    </Modal>
  );
}

/** The default rules are catalogue texts and read in the reader's language; an owner's own rules stay as written. */
function TermsBody({ topic }: { topic: Topic | null }) {
  const { localize } = useI18n();
  const terms = topic?.terms;
  return (
    <div className="terms">
      {terms?.description && <p>{localize(terms.description)}</p>}
      {terms && terms.rules.length > 0 && (
        <ol className="terms__rules">
          {terms.rules.map((rule) => (
            <li key={rule}>{localize(rule)}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function RulesModal({ open, topic, onClose }: { open: boolean; topic: Topic | null; onClose: () => void }) {
  const { t, localize } = useI18n();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={topic?.terms.title ? localize(topic.terms.title) : t('chatUi.chatRules')}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <TermsBody topic={topic} />
    </Modal>
  );
}

interface ConfirmProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

/** A chat action asked first: Cancel, or the danger button (busy while the action runs). */
function ConfirmModal({
  open,
  onCancel,
  onConfirm,
  title,
  confirmLabel,
  extra,
  children,
}: ConfirmProps & { title: string; confirmLabel: string; extra?: ReactNode; children: ReactNode }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          {extra}
          <Button
            variant="danger"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              await onConfirm();
              setBusy(false);
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

/**
 * What leaving does (issue 33 #8). A partner leaves the conversation; the topic stays open for its
 * owner. The owner's leave closes the topic for good (the server closes it): the dialog says so, and
 * offers to go back to the rooms with the topic kept open instead.
 */
export function LeaveConfirmModal({
  topic,
  onKeepOpen,
  ...props
}: ConfirmProps & { topic: Pick<Topic, 'is_owner' | 'chat_mode' | 'participants_count' | 'room_id'> | null; onKeepOpen: () => void }) {
  const t = useT();
  const { data: settings } = useSettings();
  if (!topic?.is_owner)
    return (
      <ConfirmModal {...props} title={t('chatSafety.partnerLeaveTitle')} confirmLabel={t('chat.leave')}>
        <p>{t('chatSafety.partnerLeaveBody')}</p>
      </ConfirmModal>
    );
  const withPartner = topic.chat_mode === 'human' && topic.participants_count >= 2;
  // Topics made in a room cost the topic fee; a random AI chat (no room) cost nothing.
  const paid = topic.room_id !== null && (settings?.new_topic_cost ?? 0) > 0;
  return (
    <ConfirmModal
      {...props}
      title={t('chatSafety.ownerLeaveTitle')}
      confirmLabel={t('chatSafety.closeTopic')}
      extra={
        <Button variant="secondary" onClick={onKeepOpen}>
          {t('chatSafety.keepOpen')}
        </Button>
      }
    >
      <p>
        {t('chatSafety.ownerLeaveIntro')}{' '}
        {withPartner ? t('chatSafety.ownerLeavePartner') : topic.chat_mode === 'human' ? t('chatSafety.ownerLeaveAlone') : null}{' '}
        {t('chatSafety.ownerLeaveNoReturn')}
        {paid && <> {t('chatSafety.ownerLeaveNoRefund')}</>}
      </p>
      <p className="muted">{t('chatSafety.ownerKeepOpenHint')}</p>
    </ConfirmModal>
  );
}

const reasonLabels: Record<ReportReason, TextKey> = {
  spam: 'chatSafety.reasonSpam',
  harassment: 'chatSafety.reasonHarassment',
  sexual: 'chatSafety.reasonSexual',
  scam: 'chatSafety.reasonScam',
  minor: 'chatSafety.reasonMinor',
  other: 'chatSafety.reasonOther',
};

/** Report the topic or the other person (issue 33 #12): a reason, optional words, and what happens next. */
export function ReportModal({
  type,
  onCancel,
  onSubmit,
}: {
  type: 'topic' | 'user' | null;
  onCancel: () => void;
  onSubmit: (report: { type: 'topic' | 'user'; reason: ReportReason; details: string }) => Promise<void>;
}) {
  const t = useT();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setReason('');
    setDetails('');
    setError(undefined);
  }, [type]);
  const submit = async () => {
    if (!type) return;
    if (!reason) {
      setError(t('chatSafety.reasonRequired'));
      return;
    }
    setBusy(true);
    await onSubmit({ type, reason, details: details.trim() });
    setBusy(false);
  };
  return (
    <Modal
      open={type !== null}
      onClose={onCancel}
      title={type === 'user' ? t('chatSafety.reportUserTitle') : t('chatSafety.reportTopicTitle')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" loading={busy} onClick={() => void submit()}>
            {t('chatSafety.sendReport')}
          </Button>
        </>
      }
    >
      <form
        className="report-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>{t('chatSafety.reportIntro')}</p>
        <SelectField
          label={t('chatSafety.reasonLabel')}
          value={reason}
          error={error}
          required
          onChange={(event) => {
            setReason(event.target.value as ReportReason);
            setError(undefined);
          }}
        >
          <option value="" disabled>
            {t('chatSafety.reasonPlaceholder')}
          </option>
          {reportReasons.map((code) => (
            <option key={code} value={code}>
              {t(reasonLabels[code])}
            </option>
          ))}
        </SelectField>
        <Textarea label={t('chatSafety.detailsLabel')} value={details} limit={reportDetailsMax} rows={3} onChange={(event) => setDetails(event.target.value)} />
        <p className="muted">{t('chatSafety.reportNext')}</p>
      </form>
    </Modal>
  );
}

/**
 * Honest matching (PRODUCT.md Chat): shown while a human-mode chat waits for a
 * person; it closes only when someone really joins. It tells the payer their place in the queue, the estimated
 * wait and how many interlocutors are on call (issue 35 §2); with nobody on call it offers the AI companion and
 * a topic of their own at once, else after 60 s it offers to keep waiting or to switch to the AI companion.
 */
export function SearchingOverlay({ topicId, onSwitchToAi, onCreateTopic }: { topicId: number; onSwitchToAi: () => void; onCreateTopic: () => void }) {
  const t = useT();
  const [offer, setOffer] = useState(false);
  const [round, setRound] = useState(0);
  const { data: wait } = useWaitInfo(topicId);
  useEffect(() => {
    setOffer(false);
    const timer = setTimeout(() => setOffer(true), limits.humanSearchOfferAiS * 1000);
    return () => clearTimeout(timer);
  }, [round]);
  const nobody = wait?.available_interlocutors === 0;
  return (
    <div className="searching" role="status" aria-live="polite">
      <div className="searching__card">
        <span className="searching__pulse" aria-hidden="true">
          <i />
          <i />
        </span>
        <p className="searching__title">{t('chat.searching')}</p>
        {wait && <WaitFacts wait={wait} />}
        {nobody ? (
          <>
            <p className="searching__nobody">{t('waiting.nobodyAvailable')}</p>
            <p className="muted">{t('waiting.nobodyAvailableBody')}</p>
            <div className="searching__actions">
              <Button variant="secondary" onClick={onCreateTopic}>
                {t('topics.createOwnTopic')}
              </Button>
              <Button onClick={onSwitchToAi}>{t('topics.chatWithAi')}</Button>
            </div>
          </>
        ) : offer ? (
          <>
            <p className="muted">{t('chatUi.noOneYet')}</p>
            <div className="searching__actions">
              <Button variant="secondary" onClick={() => setRound((r) => r + 1)}>
                {t('chatUi.keepWaiting')}
              </Button>
              <Button onClick={onSwitchToAi}>{t('chatUi.switchToAi')}</Button>
            </div>
          </>
        ) : (
          <p className="muted">{t('chatUi.letYouKnow')}</p>
        )}
      </div>
    </div>
  );
}

function WaitFacts({ wait }: { wait: WaitInfo }) {
  const t = useT();
  const estimate = wait.estimate_seconds;
  const time =
    estimate === null ? null : estimate < 90 ? t('waiting.seconds', { n: Math.max(1, estimate) }) : t('waiting.minutes', { n: Math.round(estimate / 60) });
  return (
    <ul className="searching__facts" data-testid="wait-facts">
      {wait.position !== null && <li>{t('waiting.position', { position: wait.position })}</li>}
      <li>{time === null ? t('waiting.noEstimate') : t('waiting.estimate', { time })}</li>
      {wait.available_interlocutors > 0 && <li>{t('waiting.available', { count: wait.available_interlocutors })}</li>}
    </ul>
  );
}

/** Block the other person of this chat: what it does, then Block / Cancel. */
export function BlockConfirmModal({ name, ...props }: ConfirmProps & { name: string }) {
  const t = useT();
  return (
    <ConfirmModal {...props} title={t('blocks.confirmTitle')} confirmLabel={t('blocks.confirm')}>
      <p>{t('blocks.confirmBody', { name })}</p>
    </ConfirmModal>
  );
}
