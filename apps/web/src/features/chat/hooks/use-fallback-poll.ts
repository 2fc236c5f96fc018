import { limits } from '@parley/contracts';
import { useEffect, useRef, type MutableRefObject } from 'react';

interface Options {
  /** Poll only while this is true (chat ready, socket not live, topic open, not stopped). */
  active: boolean;
  /** The socket is subscribed: no polling, and when it drops the first poll runs at once. */
  isLive: boolean;
  /** Time of the last full sync (initial load or poll), shared with the entry sequence. */
  lastSyncAt: MutableRefObject<number>;
  poll: (isCancelled: () => boolean) => Promise<void>;
}

/**
 * The 5 s polling fallback (spec §9 Message polling). A chain of timeouts rather
 * than an interval, so a slow answer never stacks a second request, and socket
 * reconnect attempts flipping between 'connecting' and 'offline' never reset it.
 */
export function useFallbackPoll({ active, isLive, lastSyncAt, poll }: Options) {
  const pollRef = useRef(poll);
  pollRef.current = poll;

  useEffect(() => {
    // Dropping out of live mode may have missed events: the first poll then runs at once.
    if (isLive) lastSyncAt.current = 0;
    if (!active || isLive) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = async () => {
      lastSyncAt.current = Date.now();
      await pollRef.current(() => cancelled);
      if (!cancelled) timer = setTimeout(() => void loop(), limits.messagePollMs);
    };
    const wait = Math.max(0, limits.messagePollMs - (Date.now() - lastSyncAt.current));
    timer = setTimeout(() => void loop(), wait);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [active, isLive, lastSyncAt]);
}
