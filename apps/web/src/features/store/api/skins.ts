import { type ProductKind, type SkinsPayload, skinsResponseSchema } from '@parley/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const skinsQueryKey = ['store', 'skins'] as const;

/** GET /skins: owned skins and the equipped one per kind. */
export const skinsQuery = queryOptions({
  queryKey: skinsQueryKey,
  queryFn: async () => (await api.get('/skins', skinsResponseSchema)).payload,
  staleTime: 10_000,
});
export const useSkins = (enabled = true) => useQuery({ ...skinsQuery, enabled });

type SkinChange = { action: 'equip'; productId: number } | { action: 'unequip'; kind: ProductKind };

/** POST /skins/equip {product_id} or /skins/unequip {kind}; the answer is the new skins state. */
export async function changeSkin(change: SkinChange): Promise<SkinsPayload> {
  const response =
    change.action === 'equip'
      ? await api.post('/skins/equip', skinsResponseSchema, { product_id: change.productId })
      : await api.post('/skins/unequip', skinsResponseSchema, { kind: change.kind });
  return response.payload;
}

export function useChangeSkin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSkin,
    onSuccess: (payload) => queryClient.setQueryData(skinsQueryKey, payload),
  });
}
