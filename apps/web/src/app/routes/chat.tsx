import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ChatPage } from '../../features/chat/components/chat-page';
import { SkinPicker } from '../../features/store/components/skin-picker';
import { SavedRepliesPicker } from '../../features/oncall/components/saved-replies-picker';

/**
 * /topics/{topicId}/chat: the chat room; its settings hold the store's skin picker and its composer an interlocutor's
 * saved replies (features do not import each other).
 */
export function ChatRoute() {
  const { topicId } = useParams();
  const id = Number(topicId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={paths.rooms.getHref()} replace />;
  return <ChatPage key={id} topicId={id} settingsExtra={<SkinPicker />} composerTools={(insert) => <SavedRepliesPicker onInsert={insert} />} />;
}
