import { limits, type PageMeta, type Room } from '@parley/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type Envelope } from '../../../lib/api-client';

export interface RoomsPage {
  data: Room[];
  meta: PageMeta;
}

/** GET rooms/index: 12 rooms per page (spec §9). Accepts a bare list too. */
export async function getRooms(page: number): Promise<RoomsPage> {
  const response = await api.get<Envelope<RoomsPage | Room[]>>('/rooms/index', { query: { page, per_page: limits.roomsPerPage } });
  const payload = response.payload;
  if (Array.isArray(payload)) {
    const start = (page - 1) * limits.roomsPerPage;
    const data = payload.slice(start, start + limits.roomsPerPage);
    const lastPage = Math.max(1, Math.ceil(payload.length / limits.roomsPerPage));
    return { data, meta: { current_page: page, per_page: limits.roomsPerPage, total: payload.length, last_page: lastPage, from: null, to: null } };
  }
  return payload;
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
