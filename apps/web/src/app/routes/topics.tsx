import { useParams } from 'react-router';
import { TopicsPage } from '../../features/chat/components/topics-page';

/** /rooms/{roomId}/topics: one room's topics, or all of them for 'all' (or anything that is not an id). */
export function TopicsRoute() {
  const { roomId } = useParams();
  const id = Number(roomId);
  return <TopicsPage key={roomId} roomId={Number.isInteger(id) && id > 0 ? id : null} />;
}
