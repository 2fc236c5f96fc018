import { texts } from '@parley/contracts';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

interface Props {
  open: boolean;
  onClose: () => void;
  onChatWithAi: () => void;
  onCreateTopic: () => void;
}

/** 'Start Random Chat' found nobody waiting: the companion and one's own topic are offered right there. */
export function NoPartnerModal({ open, onClose, onChatWithAi, onCreateTopic }: Props) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={texts.topics.noPartnerTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCreateTopic}>
            {texts.topics.createOwnTopic}
          </Button>
          <Button onClick={onChatWithAi}>{texts.topics.chatWithAi}</Button>
        </>
      }
    >
      <p>{texts.topics.noAvailableChats}</p>
    </Modal>
  );
}
