import { type ChatEvent, type WsServerMessage } from '@parley/contracts';
import { type FastifyBaseLogger } from 'fastify';
import { type WebSocket } from 'ws';
import { encodeFrame, type EncodedFrame } from './realtime.frames.js';

export interface RealtimeTuning {
  /** Ping every so often; a connection that did not answer the previous ping is terminated. */
  heartbeatMs: number;
  /** A client whose unsent data exceeds this is dropped instead of growing server memory. */
  maxBufferedBytes: number;
  /** Token bucket for client frames: refill per second, and bucket size. */
  inboundPerSecond: number;
  inboundBurst: number;
  /** Repeated `isTyping: true` frames for one topic are forwarded at most this often. */
  typingThrottleMs: number;
  /** Sessions of open sockets are re-checked this often (expiry, password change, deleted sessions). */
  sessionCheckMs: number;
  /** Open sockets one account may hold on this instance (tabs, devices); more are refused with 4429. */
  maxConnectionsPerUser: number;
  /** Open sockets one client address may hold on this instance (a NAT shares one; a script should not hold thousands). */
  maxConnectionsPerIp: number;
  /** Parse every outgoing frame with the contract schema and throw on a mismatch (development and tests; not the production hot path). */
  validateFrames: boolean;
}

export const defaultRealtimeTuning: RealtimeTuning = {
  heartbeatMs: 30_000,
  maxBufferedBytes: 1024 * 1024,
  inboundPerSecond: 10,
  inboundBurst: 30,
  typingThrottleMs: 2_000,
  sessionCheckMs: 60_000,
  maxConnectionsPerUser: 20,
  maxConnectionsPerIp: 200,
  validateFrames: false,
};

/** One topic a connection listens to. During catch-up live events wait in `buffer`. */
export interface Subscription {
  live: boolean;
  buffer: ChatEvent[];
  /** Message ids already sent by the catch-up, so a live copy is not sent twice. */
  sent: Set<number>;
  typing: { isTyping: boolean; at: number };
}

/** A signed-in socket: its subscriptions, send budget and inbound rate limit. */
export class Connection {
  readonly subscriptions = new Map<number, Subscription>();
  alive = true;
  closed = false;
  private tokens: number;
  private refilledAt = performance.now();
  private strikes = 0;
  /** Client frames are handled one at a time, in order. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: WebSocket,
    readonly user: { id: number; name: string },
    readonly sessionId: string,
    readonly ip: string,
    private readonly tuning: RealtimeTuning,
    private readonly log: FastifyBaseLogger,
  ) {
    this.tokens = tuning.inboundBurst;
  }

  /** Sends one frame, built through the contract's type, or drops the connection when the client does not keep up. */
  send(message: WsServerMessage): boolean {
    return this.sendEncoded(encodeFrame(message, this.tuning.validateFrames));
  }

  /** Sends a frame already encoded once for many recipients (`framesFor`). */
  sendEncoded(frame: EncodedFrame): boolean {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return false;
    if (this.socket.bufferedAmount > this.tuning.maxBufferedBytes) {
      this.log.warn({ userId: this.user.id, buffered: this.socket.bufferedAmount }, 'dropping slow websocket client');
      this.terminate();
      return false;
    }
    this.socket.send(frame);
    return true;
  }

  /** Sends a chat event honouring the topic's catch-up buffer and de-duplication. */
  deliver(event: ChatEvent, frame: EncodedFrame, topicId?: number) {
    const subscription = topicId === undefined ? undefined : this.subscriptions.get(topicId);
    if (subscription && !subscription.live) {
      subscription.buffer.push(event);
      return;
    }
    if (subscription && event.type === 'message.created') {
      const id = messageIdOf(event);
      if (id !== undefined && subscription.sent.has(id)) return;
    }
    this.sendEncoded(frame);
  }

  /** Token bucket: false when the frame is over budget; repeated abuse closes the socket. */
  takeToken(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.tuning.inboundBurst, this.tokens + ((now - this.refilledAt) / 1000) * this.tuning.inboundPerSecond);
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.strikes = 0;
      return true;
    }
    this.strikes += 1;
    return false;
  }

  get isAbusive() {
    return this.strikes > this.tuning.inboundBurst;
  }

  /** Whether a typing frame should go out now (state changes always; repeats throttled). */
  shouldForwardTyping(subscription: Subscription, isTyping: boolean): boolean {
    const now = performance.now();
    const changed = subscription.typing.isTyping !== isTyping;
    if (!changed && (!isTyping || now - subscription.typing.at < this.tuning.typingThrottleMs)) return false;
    subscription.typing = { isTyping, at: now };
    return true;
  }

  enqueue(task: () => Promise<void>) {
    this.queue = this.queue.then(task).catch((error: unknown) => this.log.error({ err: error }, 'websocket frame handling failed'));
  }

  close(code: number, reason: string) {
    if (this.closed) return;
    this.closed = true;
    this.socket.close(code, reason);
  }

  terminate() {
    this.closed = true;
    this.socket.terminate();
  }
}

export function messageIdOf(event: ChatEvent): number | undefined {
  if (event.type !== 'message.created') return undefined;
  return event.message.id;
}
