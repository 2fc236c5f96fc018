import { limits, roomsPageResponseSchema, type PageMeta, type Room } from '@parley/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface RoomsPage {
  data: Room[];
  meta: PageMeta;
}

/** GET rooms/index: 12 rooms per page (spec §9) → payload {data, meta}. */
export async function getRooms(page: number): Promise<RoomsPage> {
  const response = await api.get('/rooms/index', roomsPageResponseSchema, { query: { page, per_page: limits.roomsPerPage } });
  return response.payload;
}

export const roomsQuery = (page: number) =>
  queryOptions({ queryKey: ['rooms', page], queryFn: () => getRooms(page), staleTime: 60_000, placeholderData: keepPreviousData });

export const useRooms = (page: number) => useQuery(roomsQuery(page));

/** Every room (for the create-topic room select): walks the pages. */
export async function getAllRooms(): Promise<Room[]> {
  const first = await getRooms(1);
  const rest = await Promise.all(Array.from({ length: Math.min(first.meta.last_page, 20) - 1 }, (_, i) => getRooms(i + 2)));
  return [first, ...rest].flatMap((p) => p.data);
}

export const allRoomsQuery = queryOptions({ queryKey: ['rooms', 'all'], queryFn: getAllRooms, staleTime: 60_000 });
export const useAllRooms = (enabled = true) => useQuery({ ...allRoomsQuery, enabled });
