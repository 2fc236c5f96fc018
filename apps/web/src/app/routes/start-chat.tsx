import { StartChatPage } from '../../features/chat/components/start-chat-page';

/** /chat: the start chat screen. */
export function StartChatRoute() {
  return <StartChatPage />;
}
