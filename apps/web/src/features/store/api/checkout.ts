import { type CheckoutBody, type CheckoutResult, checkoutPrefillResponseSchema, storeCheckoutResponseSchema } from '@parley/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /checkout/prefill: the profile's name and contacts, plus the address saved at an earlier checkout. */
export const checkoutPrefillQuery = queryOptions({
  queryKey: ['store', 'checkout-prefill'],
  queryFn: async () => (await api.get('/checkout/prefill', checkoutPrefillResponseSchema)).payload,
  staleTime: 0,
});
export const useCheckoutPrefill = () => useQuery(checkoutPrefillQuery);

/** POST /checkout/:productId → the order and the gateway's redirect URL. */
export async function checkoutProduct(productId: number, body: CheckoutBody): Promise<CheckoutResult> {
  return (await api.post(`/checkout/${productId}`, storeCheckoutResponseSchema, body)).payload;
}

export const useCheckout = (productId: number) => useMutation({ mutationFn: (body: CheckoutBody) => checkoutProduct(productId, body) });
