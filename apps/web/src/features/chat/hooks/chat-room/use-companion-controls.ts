import { useCallback, useState } from 'react';
import { toast } from '../../../../components/ui/toast';
import { errorMessage } from '../../../../lib/api-client';
import { regenerateReply, stopReply } from '../../api/companion-controls';

/**
 * Stop and Regenerate of an AI chat (issue 34). The socket carries the outcome (message.stopped, the stored reply,
 * message.regenerating and the new reply's stream); these only ask, and say why when the server refuses.
 */
export function useCompanionControls(
  topicId: number,
  stream: { regenerating: (messageId: number | null) => void; freeze: () => number; unfreeze: () => void },
) {
  const { regenerating, freeze, unfreeze } = stream;
  const [stopping, setStopping] = useState(false);
  const onStop = useCallback(() => {
    setStopping(true);
    // The text stops growing on the click; the server keeps exactly what shows.
    stopReply(topicId, freeze())
      .catch((error: unknown) => {
        unfreeze();
        toast.error(errorMessage(error));
      })
      .finally(() => setStopping(false));
  }, [topicId, freeze, unfreeze]);
  const onRegenerate = useCallback(
    (messageId: number) => {
      regenerating(messageId);
      regenerateReply(topicId, messageId).catch((error: unknown) => {
        regenerating(null);
        toast.error(errorMessage(error));
      });
    },
    [topicId, regenerating],
  );
  return { onStop, stopping, onRegenerate };
}
