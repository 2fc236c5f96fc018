import { type Notification, type NotificationsPayload } from '@parley/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsKey } from '../api/get-notifications';
import { useNotificationPush } from './use-notification-push';

class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  close() {}
  receive(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
}

const notice: Notification = {
  id: 3,
  kind: 'report.upheld',
  title: 'Your report was upheld',
  body: 'The topic was closed.',
  link: '/rooms',
  created_at: '2026-11-27T10:00:00.000Z',
  read_at: null,
};

describe('notification push (issue 32 §3: frames parsed with the contract)', () => {
  let queryClient: QueryClient;
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;

  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    queryClient = new QueryClient();
    queryClient.setQueryData<NotificationsPayload>(notificationsKey, { notifications: [], unread_count: 0, has_more: false });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('puts a pushed notice in the list at once; a frame that does not match the contract is dropped and logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderHook(() => useNotificationPush(true), { wrapper });
    const socket = FakeSocket.all[0]!;
    // A notice without its title, a count as text, a frame that is not JSON: none of them reaches the list.
    socket.receive({ type: 'event', event: { type: 'notification', userId: 1, unreadCount: 1, notification: { ...notice, title: undefined } } });
    socket.receive({ type: 'event', event: { type: 'notification', userId: 1, unreadCount: '1', notification: notice } });
    socket.receive('{oops');
    socket.receive({ type: 'event', event: { type: 'notification', userId: 1, unreadCount: 1, notification: notice } });
    await waitFor(() => expect(queryClient.getQueryData<NotificationsPayload>(notificationsKey)?.notifications).toEqual([notice]));
    expect(queryClient.getQueryData<NotificationsPayload>(notificationsKey)?.unread_count).toBe(1);
    expect(warn).toHaveBeenCalledTimes(3);
  });
});
