import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { Button } from '../components/ui/button';
import { Modal } from '../components/ui/modal';
import { toast } from '../components/ui/toast';
import { api, errorMessage } from '../lib/api-client';
import { useI18n } from '../lib/i18n';
import { userQueryKey } from '../lib/user';

/**
 * Adults only (issue 15). Sign-up asks for it; an account from before is asked here, the first
 * time the server answers 403 ADULT_REQUIRED (top-up, chatting with people, applying). After
 * confirming, the user repeats what they were doing.
 */
let open = false;
const listeners = new Set<() => void>();
export const adultPrompt = {
  show() {
    open = true;
    for (const listener of listeners) listener();
  },
  hide() {
    open = false;
    for (const listener of listeners) listener();
  },
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function AdultConfirmModal() {
  const { t, localize } = useI18n();
  const isOpen = useSyncExternalStore(subscribe, () => open);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await api.post('/user/confirm-adult', { confirm: true });
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      adultPrompt.hide();
      toast.success(t('adult.confirmed'));
    } catch (error) {
      toast.error(localize(errorMessage(error, t('common.anErrorOccurred'))));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={isOpen}
      onClose={adultPrompt.hide}
      title={t('adult.title')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={adultPrompt.hide} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button loading={busy} onClick={confirm}>
            {t('adult.confirm')}
          </Button>
        </>
      }
    >
      <p>{t('adult.body')}</p>
    </Modal>
  );
}
