import { limits, type Topic } from '@parley/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useI18n, useT } from '../../../lib/i18n';

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
  children,
}: ConfirmProps & { title: string; confirmLabel: string; children: ReactNode }) {
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

export function LeaveConfirmModal(props: ConfirmProps) {
  const t = useT();
  return (
    <ConfirmModal {...props} title={t('chat.leaveChat')} confirmLabel={t('chat.leave')}>
      <p>{t('chat.leaveConfirm')}</p>
    </ConfirmModal>
  );
}

/**
 * Honest matching (PRODUCT.md Chat): shown while a human-mode chat waits for a
 * person; it closes only when someone really joins. After 60 s it offers to
 * keep waiting or to switch to the AI companion.
 */
export function SearchingOverlay({ onSwitchToAi }: { onSwitchToAi: () => void }) {
  const t = useT();
  const [offer, setOffer] = useState(false);
  const [round, setRound] = useState(0);
  useEffect(() => {
    setOffer(false);
    const timer = setTimeout(() => setOffer(true), limits.humanSearchOfferAiS * 1000);
    return () => clearTimeout(timer);
  }, [round]);
  return (
    <div className="searching" role="status" aria-live="polite">
      <div className="searching__card">
        <span className="searching__pulse" aria-hidden="true">
          <i />
          <i />
        </span>
        <p className="searching__title">{t('chat.searching')}</p>
        {offer ? (
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

/** Block the other person of this chat: what it does, then Block / Cancel. */
export function BlockConfirmModal({ name, ...props }: ConfirmProps & { name: string }) {
  const t = useT();
  return (
    <ConfirmModal {...props} title={t('blocks.confirmTitle')} confirmLabel={t('blocks.confirm')}>
      <p>{t('blocks.confirmBody', { name })}</p>
    </ConfirmModal>
  );
}
