import { limits, texts, type Topic } from '@parley/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { englishText } from '@parley/contracts/i18n';

/** Terms agreement (spec §4): persistent; Agree posts the acceptance, Leave goes to the rooms. */
export function TermsModal({ topic, onAgree, onLeave }: { topic: Topic | null; onAgree: () => Promise<void>; onLeave: () => void }) {
  const [busy, setBusy] = useState(false);
  const terms = topic?.terms;
  return (
    <Modal
      open
      persistent
      onClose={onLeave}
      title={terms?.title || 'Chat rules'}
      footer={
        <>
          <Button variant="secondary" onClick={onLeave} disabled={busy}>
            {texts.chat.leave}
          </Button>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true);
              await onAgree();
              setBusy(false);
            }}
          >
            {texts.chat.agree}
          </Button>
        </>
      }
    >
      <TermsBody topic={topic} />
    </Modal>
  );
}

function TermsBody({ topic }: { topic: Topic | null }) {
  const terms = topic?.terms;
  return (
    <div className="terms">
      {terms?.description && <p>{terms.description}</p>}
      {terms && terms.rules.length > 0 && (
        <ol className="terms__rules">
          {terms.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function RulesModal({ open, topic, onClose }: { open: boolean; topic: Topic | null; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title={topic?.terms.title || 'Chat rules'} footer={<Button onClick={onClose}>{texts.common.close}</Button>}>
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
            {texts.common.cancel}
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
  return (
    <ConfirmModal {...props} title={texts.chat.leaveChat} confirmLabel={texts.chat.leave}>
      <p>{texts.chat.leaveConfirm}</p>
    </ConfirmModal>
  );
}

/**
 * Honest matching (PRODUCT.md Chat): shown while a human-mode chat waits for a
 * person; it closes only when someone really joins. After 60 s it offers to
 * keep waiting or to switch to the AI companion.
 */
export function SearchingOverlay({ onSwitchToAi }: { onSwitchToAi: () => void }) {
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
        <p className="searching__title">{texts.chat.searching}</p>
        {offer ? (
          <>
            <p className="muted">No one has joined yet. Keep waiting, or talk with the AI companion now.</p>
            <div className="searching__actions">
              <Button variant="secondary" onClick={() => setRound((r) => r + 1)}>
                Keep waiting
              </Button>
              <Button onClick={onSwitchToAi}>Switch to AI</Button>
            </div>
          </>
        ) : (
          <p className="muted">We will let you know the moment someone joins.</p>
        )}
      </div>
    </div>
  );
}

/** Block the other person of this chat: what it does, then Block / Cancel. */
export function BlockConfirmModal({ name, ...props }: ConfirmProps & { name: string }) {
  return (
    <ConfirmModal {...props} title={texts.blocks.confirmTitle} confirmLabel={texts.blocks.confirm}>
      <p>{englishText('blocks.confirmBody', { name })}</p>
    </ConfirmModal>
  );
}
