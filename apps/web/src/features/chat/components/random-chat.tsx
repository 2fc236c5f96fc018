import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { useStartChat } from '../hooks/use-start-chat';
import { NoPartnerModal } from './no-partner-modal';

// The topic form (with its form and validation libraries, ~48 KB gzip) loads when first opened, not with the rooms page.
const CreateTopicModal = lazy(() => import('./create-topic-modal').then((module) => ({ default: module.CreateTopicModal })));

function LazyCreateTopicModal(props: ComponentProps<typeof CreateTopicModal>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? (
    <Suspense fallback={null}>
      <CreateTopicModal {...props} />
    </Suspense>
  ) : null;
}

/**
 * 'Start Random Chat' with its way out when nobody is waiting (the companion, or one's own topic),
 * shared by the rooms and topics pages: the page places the buttons, `modals` renders what they open.
 */
export function useRandomChat(roomId: number | null) {
  const { start, starting, noPartner, dismissNoPartner } = useStartChat();
  const [creating, setCreating] = useState(false);
  const modals = (
    <>
      <LazyCreateTopicModal open={creating} onClose={() => setCreating(false)} roomId={roomId} />
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
