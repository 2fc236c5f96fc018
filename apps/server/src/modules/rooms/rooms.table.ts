import { type Generated, type Selectable } from 'kysely';

export interface RoomsTable {
  id: Generated<number>;
  title: string;
  border_color: Generated<string>;
  position: Generated<number>;
  is_hidden: Generated<number>;
  created_at: string;
}
export type RoomRow = Selectable<RoomsTable>;
