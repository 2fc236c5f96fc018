import { RoomListPage } from '../../features/chat/components/room-list-page';

/** Route name RoomListPage: /rooms. */
export function RoomsRoute() {
  return <RoomListPage />;
}
