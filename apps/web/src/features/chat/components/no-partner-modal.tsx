import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../lib/i18n';

interface Props {
  open: boolean;
  onClose: () => void;
  onChatWithAi: () => void;
  onCreateTopic: () => void;
}

/** 'Start Random Chat' found nobody waiting: the companion and one's own topic are offered right there. */
export function NoPartnerModal({ open, onClose, onChatWithAi, onCreateTopic }: Props) {
  const t = useT();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('topics.noPartnerTitle')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCreateTopic}>
            {t('topics.createOwnTopic')}
          </Button>
          <Button onClick={onChatWithAi}>{t('topics.chatWithAi')}</Button>
        </>
      }
    >
      <p>{t('topics.noAvailableChats')}</p>
    </Modal>
  );
}
