/**
 * Issue 35 §2, the matching order (decision 035d), as pure functions: who gets which waiting topic.
 *
 * - A topic whose owner asked for "talk again" is held for their last partner while that partner is on call
 *   and accepts it, for `talkAgainHoldS`; the partner gets it before anything else.
 * - A topic that has just started waiting goes to an interlocutor on call first: while anyone on call has a
 *   free seat, others (Away interlocutors, payers pressing Start Random Chat) get it after `onCallFirstS`.
 * - Otherwise the longest-waiting topic goes first.
 *
 * `rankOnCall` orders interlocutors on call (alerts go out in this order; issue 35 §3's ratings pass their
 * scores here: a higher score first, then whoever has been available longest).
 */
export const matchingTimings = { talkAgainHoldS: 60, onCallFirstS: 15 } as const;

export interface WaitingCandidate {
  id: number;
  user_id: number;
  waiting_since: string | null;
  talk_again: number;
}

export interface MatchingContext {
  joinerId: number;
  /** The joiner is on call with a free seat (the seat rule checks the limit itself). */
  isJoinerOnCall: boolean;
  /** Interlocutors on call with a free seat who accept "talk again". */
  talkAgainOnCall: ReadonlySet<number>;
  /** Anyone on call with a free seat. */
  anyoneOnCall: boolean;
  /** Each candidate owner's last partner. */
  lastPartners: ReadonlyMap<number, number>;
  now: Date;
}

const waitedS = (topic: WaitingCandidate, now: Date) => (topic.waiting_since ? (now.getTime() - Date.parse(topic.waiting_since)) / 1000 : 0);

/** The topics this joiner may take now, in the order to try them. */
export function orderWaitingTopics<T extends WaitingCandidate>(candidates: readonly T[], ctx: MatchingContext): T[] {
  const reservedForJoiner: T[] = [];
  const rest: T[] = [];
  for (const topic of candidates) {
    const waited = waitedS(topic, ctx.now);
    const partner = topic.talk_again === 1 ? ctx.lastPartners.get(topic.user_id) : undefined;
    const held = partner !== undefined && waited < matchingTimings.talkAgainHoldS && ctx.talkAgainOnCall.has(partner);
    if (held && partner === ctx.joinerId) reservedForJoiner.push(topic);
    else if (held) continue;
    else if (!ctx.isJoinerOnCall && ctx.anyoneOnCall && waited < matchingTimings.onCallFirstS) continue;
    else rest.push(topic);
  }
  const byWait = (a: T, b: T) => (a.waiting_since ?? '').localeCompare(b.waiting_since ?? '') || a.id - b.id;
  return [...reservedForJoiner.sort(byWait), ...rest.sort(byWait)];
}

export interface OnCallInterlocutor {
  user_id: number;
  available_since: string | null;
}

/** Interlocutors on call in the order they are offered a new waiting topic; `scores` (ratings) first when given. */
export function rankOnCall<T extends OnCallInterlocutor>(interlocutors: readonly T[], scores?: ReadonlyMap<number, number>): T[] {
  return [...interlocutors].sort(
    (a, b) =>
      (scores ? (scores.get(b.user_id) ?? 0) - (scores.get(a.user_id) ?? 0) : 0) ||
      (a.available_since ?? '').localeCompare(b.available_since ?? '') ||
      a.user_id - b.user_id,
  );
}
