import { useState } from 'react';
import { useStartChat } from '../hooks/use-start-chat';
import { CreateTopicModal } from './create-topic-modal';
import { NoPartnerModal } from './no-partner-modal';

/**
 * 'Start Random Chat' with its way out when nobody is waiting (the companion, or one's own topic),
 * shared by the rooms and topics pages: the page places the buttons, `modals` renders what they open.
 */
export function useRandomChat(roomId: number | null) {
  const { start, starting, noPartner, dismissNoPartner } = useStartChat();
  const [creating, setCreating] = useState(false);
  const modals = (
    <>
      <CreateTopicModal open={creating} onClose={() => setCreating(false)} roomId={roomId} />
      <NoPartnerModal
        open={noPartner}
        onClose={dismissNoPartner}
        onChatWithAi={() => {
          dismissNoPartner();
          void start('ai');
        }}
        onCreateTopic={() => {
          dismissNoPartner();
          setCreating(true);
        }}
      />
    </>
  );
  return { startRandom: () => void start('human'), starting, createTopic: () => setCreating(true), modals };
}
