import { wsCloseCodes, type ChatEvent, type WsClientMessage } from '@parley/contracts';
import { parseServerFrame } from '../../../lib/ws-frames';

/**
 * One WebSocket to /api/ws for one open topic (protocol:
 * docs/decisions/005-realtime-protocol.md). 'live' means subscribed: push is
 * flowing and the page may stop polling. Anything else means the page polls
 * every 5 s. The socket reconnects with backoff and re-subscribes with the
 * newest message id it holds, so the server replays what was missed.
 */
export type SocketStatus = 'connecting' | 'live' | 'offline';

export interface TopicSocketOptions {
  topicId: number;
  getLastMessageId: () => number;
  onEvent: (event: ChatEvent) => void;
  onStatus: (status: SocketStatus) => void;
  /** The replay was cut short (hasMore): reload the gap over REST. */
  onResyncNeeded: () => void;
  /** The server ended the subscription (left, closed, forbidden). */
  onUnsubscribed?: (reason: string) => void;
  url?: string;
  /** For tests. */
  createSocket?: (url: string) => WebSocket;
}

const BACKOFF_MS = [1000, 2000, 4000, 8000, 15000];
const FINAL_CODES = new Set<number>([wsCloseCodes.unauthenticated, wsCloseCodes.forbiddenOrigin]);

export function defaultSocketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/api/ws`;
}

export class TopicSocket {
  private socket: WebSocket | null = null;
  private status: SocketStatus = 'offline';
  private attempt = 0;
  private stopped = false;
  private final = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private lastFrameAt = 0;

  constructor(private readonly options: TopicSocketOptions) {}

  start() {
    this.stopped = false;
    window.addEventListener('online', this.onBrowserOnline);
    this.connect();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener('online', this.onBrowserOnline);
    clearTimeout(this.reconnectTimer);
    clearInterval(this.heartbeatTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= 1) socket.close(wsCloseCodes.normal, 'client');
    this.setStatus('offline');
  }

  get isLive() {
    return this.status === 'live';
  }

  sendTyping(isTyping: boolean) {
    if (this.status === 'live') this.send({ type: 'typing', topicId: this.options.topicId, isTyping });
  }

  private onBrowserOnline = () => {
    if (this.status === 'offline' && !this.final && !this.stopped) {
      clearTimeout(this.reconnectTimer);
      this.attempt = 0;
      this.connect();
    }
  };

  private setStatus(status: SocketStatus) {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus(status);
  }

  private send(message: WsClientMessage) {
    if (this.socket?.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  private connect() {
    if (this.stopped || this.final) return;
    this.setStatus('connecting');
    let socket: WebSocket;
    try {
      const url = this.options.url ?? defaultSocketUrl();
      socket = this.options.createSocket ? this.options.createSocket(url) : new WebSocket(url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onmessage = (event) => {
      if (this.socket === socket) this.onFrame(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearInterval(this.heartbeatTimer);
      if (FINAL_CODES.has(event.code)) this.final = true;
      this.setStatus('offline');
      this.scheduleReconnect();
    };
    socket.onerror = () => {
      // onclose follows and reconnects.
    };
  }

  private scheduleReconnect() {
    if (this.stopped || this.final) return;
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]!;
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => this.connect(), base + Math.floor(Math.random() * 400));
  }

  private onFrame(data: unknown) {
    this.lastFrameAt = Date.now();
    // Every frame goes through the contract's schema; one that does not match is dropped (and logged).
    const frame = parseServerFrame(data);
    if (!frame) return;
    const { topicId } = this.options;
    switch (frame.type) {
      case 'ready':
        this.startHeartbeat(frame.heartbeatMs);
        this.send({ type: 'subscribe', topicId, lastMessageId: this.options.getLastMessageId() });
        break;
      case 'subscribed':
        if (frame.topicId !== topicId) break;
        this.attempt = 0;
        this.setStatus('live');
        if (frame.hasMore) this.options.onResyncNeeded();
        break;
      case 'unsubscribed':
        if (frame.topicId !== topicId || frame.reason === 'client') break;
        this.final = true;
        this.options.onUnsubscribed?.(frame.reason);
        this.stop();
        break;
      case 'error':
        if (frame.topicId === topicId && frame.code === 'FORBIDDEN') {
          this.final = true;
          this.options.onUnsubscribed?.('forbidden');
          this.stop();
        }
        break;
      case 'event':
        if ('topicId' in frame.event ? frame.event.topicId === topicId : true) this.options.onEvent(frame.event);
        break;
      default:
        break;
    }
  }

  /** A dead TCP connection may not report its close for minutes: forget it now and reconnect. */
  private dropDeadSocket() {
    const socket = this.socket;
    this.socket = null;
    clearInterval(this.heartbeatTimer);
    try {
      socket?.close(4000, 'heartbeat timeout');
    } catch {
      // already closing
    }
    this.setStatus('offline');
    this.scheduleReconnect();
  }

  /** A connection that goes quiet for over two heartbeats is dead: close it and reconnect. */
  private startHeartbeat(heartbeatMs: number) {
    clearInterval(this.heartbeatTimer);
    const every = Math.max(5000, heartbeatMs || 25_000);
    this.heartbeatTimer = setInterval(() => {
      if (Date.now() - this.lastFrameAt > every * 2.5) {
        this.dropDeadSocket();
        return;
      }
      this.send({ type: 'ping', id: Date.now() });
    }, every);
  }
}
