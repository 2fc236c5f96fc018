import {
  limits,
  type Order,
  type OrderStatus,
  type PageMeta,
  type StoreStatus,
  ordersResponseSchema,
  storeTransactionsResponseSchema,
  orderStatusResponseSchema,
  orderResponseSchema,
} from '@parley/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

/** GET /orders: the orders history, 5 per page (spec §9 history tables). */
export const ordersQuery = (page: number) =>
  queryOptions({
    queryKey: ['store', 'orders', page],
    queryFn: async () => (await api.get('/orders', ordersResponseSchema, { query: { page, per_page: limits.historyPageSize } })).payload,
    placeholderData: keepPreviousData,
    // A payment's receipt is numbered moments after it (decision 023): ask again until its PDF is there.
    refetchInterval: (query) => (query.state.data?.data.some((order) => order.status === 'success' && !order.has_receipt) ? RECEIPT_WAIT_MS : false),
  });

const RECEIPT_WAIT_MS = 2000;
export const useOrders = (page: number) => useQuery(ordersQuery(page));

/**
 * GET /transactions: every ledger entry and card payment, 5 per page. Keyed on the
 * balance too, so a balance change anywhere (channel status, messages…) shows its row at once.
 */
export const transactionsQuery = (page: number, balance: number | null = null) =>
  queryOptions({
    queryKey: ['store', 'transactions', page, balance],
    queryFn: async () => (await api.get('/transactions', storeTransactionsResponseSchema, { query: { page, per_page: limits.historyPageSize } })).payload,
    placeholderData: keepPreviousData,
  });
export const useTransactions = (page: number, balance?: number) => useQuery(transactionsQuery(page, balance));

export interface OrderStatusPayload {
  status: OrderStatus;
  status_label: StoreStatus;
  order: Order;
}

/** GET /orders/:id/status, polled every `pollMs` until the order is final. */
export const orderStatusQuery = (id: number, pollMs: number) =>
  queryOptions({
    queryKey: ['store', 'order-status', id],
    queryFn: async () => (await api.get(`/orders/${id}/status`, orderStatusResponseSchema)).payload,
    refetchInterval: (query) => (query.state.data && !['pending', 'processing'].includes(query.state.data.status) ? false : pollMs),
    retry: 1,
  });
export const useOrderStatus = (id: number, pollMs: number, enabled = true) => useQuery({ ...orderStatusQuery(id, pollMs), enabled: enabled && id > 0 });

/** POST /orders/:id/cancel: the buyer came back from the gateway without paying. */
export const cancelOrder = async (id: number) => (await api.post(`/orders/${id}/cancel`, orderResponseSchema)).payload;
export const useCancelOrder = () => useMutation({ mutationFn: cancelOrder });
