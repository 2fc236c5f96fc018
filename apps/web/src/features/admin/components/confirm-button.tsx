import { useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

interface ConfirmButtonProps {
  /** The action's name, on the button and on the dialog's confirm button ('Ban', 'Reject'…). */
  label: string;
  title: string;
  children?: ReactNode;
  onConfirm: () => Promise<unknown>;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  disabled?: boolean;
  /** The dialog's confirm button waits for this (e.g. a required reason). */
  canConfirm?: boolean;
}

/** A destructive action: asks first, in a dialog whose confirm button repeats the action's name. */
export function ConfirmButton({ label, title, children, onConfirm, variant = 'danger', size = 'sm', disabled, canConfirm = true }: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)} disabled={disabled}>
        {label}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant={variant} loading={busy} disabled={!canConfirm} onClick={() => void confirm()}>
              {label}
            </Button>
          </>
        }
      >
        {children ?? <p>This cannot be undone.</p>}
      </Modal>
    </>
  );
}
