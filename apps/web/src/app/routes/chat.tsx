import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ChatPage } from '../../features/chat/components/chat-page';
import { SkinPicker } from '../../features/store/components/skin-picker';

/** /topics/{topicId}/chat: the chat room; its settings hold the store's skin picker (features do not import each other). */
export function ChatRoute() {
  const { topicId } = useParams();
  const id = Number(topicId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.rooms.getHref()} replace />;
  return <ChatPage key={id} topicId={id} settingsExtra={<SkinPicker />} />;
}
