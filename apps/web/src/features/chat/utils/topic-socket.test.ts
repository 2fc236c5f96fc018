import type { ChatEvent } from '@parley/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopicSocket, type SocketStatus } from './topic-socket';

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.receive({ type: 'ready', userId: 1, heartbeatMs: 25000 });
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(lastId: { value: number }) {
  const statuses: SocketStatus[] = [];
  const events: ChatEvent[] = [];
  const resync = vi.fn();
  const socket = new TopicSocket({
    topicId: 7,
    url: 'ws://test/api/ws',
    getLastMessageId: () => lastId.value,
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    onResyncNeeded: resync,
    createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
  });
  return { socket, statuses, events, resync };
}

describe('TopicSocket', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('subscribes with the newest message id and goes live on subscribed', () => {
    const { socket, statuses } = setup({ value: 42 });
    socket.start();
    const ws = FakeSocket.all[0]!;
    ws.open();
    expect(ws.sent).toEqual([{ type: 'subscribe', topicId: 7, lastMessageId: 42 }]);
    expect(socket.isLive).toBe(false);
    ws.receive({ type: 'subscribed', topicId: 7, missed: 0, hasMore: false });
    expect(socket.isLive).toBe(true);
    expect(statuses).toEqual(['connecting', 'live']);
    socket.stop();
  });

  it('passes on events of its topic and personal ones, not other topics', () => {
    const { socket, events } = setup({ value: 0 });
    socket.start();
    const ws = FakeSocket.all[0]!;
    ws.open();
    ws.receive({ type: 'event', event: { type: 'typing', topicId: 7, userId: 2, name: 'Bo', isTyping: true } });
    ws.receive({ type: 'event', event: { type: 'typing', topicId: 8, userId: 2, name: 'Bo', isTyping: true } });
    ws.receive({ type: 'event', event: { type: 'balance', userId: 1, balance: 90 } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    ws.receive({ type: 'event', event: { type: 'bogus' } });
    warn.mockRestore();
    expect(events.map((e) => e.type)).toEqual(['typing', 'balance']);
    socket.stop();
  });

  it('parses every frame with the contract: a frame that does not match is dropped and logged, never half-applied (issue 32 §3)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { socket, events, statuses } = setup({ value: 0 });
    socket.start();
    const ws = FakeSocket.all[0]!;
    ws.open();
    const message = {
      id: 5,
      topic_id: 7,
      content: 'hi',
      text: 'hi',
      sender: 'Bo',
      sender_id: null,
      sender_kind: 'user',
      is_mine: false,
      is_typing: false,
      cost: 0,
      look: null,
      attachments: [],
      created_at: '2026-11-27T10:00:00.000Z',
    };
    // A message without its fields, a balance as text, a subscribed frame without hasMore, an unknown frame, not JSON.
    ws.receive({ type: 'event', event: { type: 'message.created', topicId: 7, message: { id: 6, content: 'half' } } });
    ws.receive({ type: 'event', event: { type: 'balance', userId: 1, balance: '90' } });
    ws.receive({ type: 'subscribed', topicId: 7, missed: 0 });
    ws.receive({ type: 'surprise', topicId: 7 });
    ws.onmessage?.({ data: '{not json' });
    expect(events).toEqual([]);
    expect(statuses).toEqual(['connecting']);
    expect(warn).toHaveBeenCalledTimes(5);
    // Valid frames still flow.
    ws.receive({ type: 'event', event: { type: 'message.created', topicId: 7, message } });
    ws.receive({ type: 'subscribed', topicId: 7, missed: 0, hasMore: false });
    expect(events).toEqual([{ type: 'message.created', topicId: 7, message }]);
    expect(statuses).toEqual(['connecting', 'live']);
    socket.stop();
    warn.mockRestore();
  });

  it('falls back (offline) on a drop, then reconnects and resumes from the id it holds then', () => {
    const lastId = { value: 10 };
    const { socket, statuses } = setup(lastId);
    socket.start();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.receive({ type: 'subscribed', topicId: 7, missed: 0, hasMore: false });
    FakeSocket.all[0]!.drop();
    expect(statuses.at(-1)).toBe('offline');
    lastId.value = 15; // a poll filled in meanwhile
    vi.advanceTimersByTime(1500);
    const second = FakeSocket.all[1]!;
    second.open();
    expect(second.sent[0]).toEqual({ type: 'subscribe', topicId: 7, lastMessageId: 15 });
    socket.stop();
  });

  it('asks for a REST resync when the replay was cut short', () => {
    const { socket, resync } = setup({ value: 1 });
    socket.start();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.receive({ type: 'subscribed', topicId: 7, missed: 500, hasMore: true });
    expect(resync).toHaveBeenCalledOnce();
    socket.stop();
  });

  it('reconnects when the server drains for a restart (1012) and resubscribes', () => {
    const { socket } = setup({ value: 3 });
    socket.start();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(1012);
    vi.advanceTimersByTime(1500);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();
    expect(FakeSocket.all[1]!.sent[0]).toEqual({ type: 'subscribe', topicId: 7, lastMessageId: 3 });
    socket.stop();
  });

  it('does not reconnect after the session ended (4401)', () => {
    const { socket } = setup({ value: 0 });
    socket.start();
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
    socket.stop();
  });

  it('sends typing only while live', () => {
    const { socket } = setup({ value: 0 });
    socket.start();
    const ws = FakeSocket.all[0]!;
    ws.open();
    socket.sendTyping(true);
    ws.receive({ type: 'subscribed', topicId: 7, missed: 0, hasMore: false });
    socket.sendTyping(true);
    expect(ws.sent.slice(1)).toEqual([{ type: 'typing', topicId: 7, isTyping: true }]);
    socket.stop();
  });
});
