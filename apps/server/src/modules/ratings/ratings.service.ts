import {
  RATINGS_MIN_SHOWN,
  texts,
  type AdminRating,
  type OwnRating,
  type Pairing,
  type RatePairingBody,
  type RatingSummary,
  type Settings,
} from '@parley/contracts';
import { type Db, type DbOrTrx } from '../../db/database.js';
import { AppError } from '../../lib/app-error.js';
import { type Clock } from '../../lib/clock.js';
import { checkField } from '../moderation/content-rules.service.js';
import { getSettings } from '../reference/settings.service.js';
import * as repo from './ratings.repository.js';
import { type PairingRatingRow, type RatingAggregateRow } from './ratings.table.js';

/**
 * A pairing is the seat of the person who joined a human topic: its owner and that person. The caller's
 * current or last pairing in a topic: as the owner, with the last person who joined; otherwise their own
 * (last) seat, with the owner. Ended once that seat was left or the topic closed.
 */
export interface PairingRef {
  pairingId: number;
  topicId: number;
  /** The other person (never sent to the caller). */
  otherId: number;
  isOtherContributor: boolean;
  isEnded: boolean;
}

/** The caller's current or last pairing in the topic; null if nobody has been paired with them there. 404 if they were never in it. */
export async function findPairing(db: DbOrTrx, userId: number, topicId: number): Promise<PairingRef | null> {
  const found = await repo.findTopicSeats(db, topicId);
  const isOwner = found?.topic.user_id === userId;
  if (!found || (!isOwner && !found.seats.some((s) => s.user_id === userId))) throw new AppError('NOT_FOUND', texts.chat.topicNotFound);
  const { topic, seats } = found;
  const joined = seats.filter((s) => s.user_id !== topic.user_id && (isOwner || s.user_id === userId));
  const seat = joined[joined.length - 1];
  if (!seat || topic.chat_mode !== 'human') return null;
  const otherId = isOwner ? seat.user_id : topic.user_id;
  const other = isOwner ? seat : await repo.findIsContributor(db, otherId);
  return {
    pairingId: seat.id,
    topicId,
    otherId,
    isOtherContributor: other?.is_contributor === 1,
    isEnded: seat.left_at !== null || topic.is_closed === 1,
  };
}

const toOwnRating = (row: PairingRatingRow): OwnRating => ({ stars: row.stars, text: row.text, created_at: row.created_at });

/** One rating per side and pairing, once it has ended: a second one is 409. The text passes the content rules. */
export async function ratePairing(deps: { db: DbOrTrx; clock: Clock }, userId: number, topicId: number, body: RatePairingBody): Promise<OwnRating> {
  const pairing = await findPairing(deps.db, userId, topicId);
  if (!pairing) throw new AppError('VALIDATION', texts.ratings.nobodyToRate);
  if (!pairing.isEnded) throw new AppError('VALIDATION', texts.ratings.notEnded);
  const text = body.text ? await checkField(deps.db, 'text', body.text) : null;
  const row = await repo.insertRating(deps.db, {
    pairing_id: pairing.pairingId,
    topic_id: topicId,
    rater_id: userId,
    rated_id: pairing.otherId,
    stars: body.stars,
    text,
    created_at: deps.clock.now().toISOString(),
  });
  if (!row) throw new AppError('CONFLICT', texts.ratings.alreadyRated);
  return toOwnRating(row);
}

const average = (row: Pick<RatingAggregateRow, 'ratings_count' | 'stars_total'>) => Number(row.stars_total) / Number(row.ratings_count);

const isTopRated = (row: RatingAggregateRow | undefined, settings: Settings) =>
  row !== undefined && Number(row.ratings_count) >= Math.max(RATINGS_MIN_SHOWN, settings.rating_top_min_count) && average(row) >= settings.rating_top_threshold;

/** The chat screen's view of the caller's pairing: the interlocutor's badge, whether to offer rating and tipping. */
export async function getPairing(db: DbOrTrx, userId: number, topicId: number): Promise<Pairing> {
  const pairing = await findPairing(db, userId, topicId);
  if (!pairing) return { interlocutor_badge: null, can_rate: false, rating: null, can_tip: false };
  const [aggregate, settings, rating] = await Promise.all([
    repo.findAggregate(db, pairing.otherId),
    getSettings(db),
    repo.findRating(db, pairing.pairingId, userId),
  ]);
  return {
    interlocutor_badge: isTopRated(aggregate, settings) ? 'top_rated' : null,
    can_rate: pairing.isEnded && !rating,
    rating: rating ? toOwnRating(rating) : null,
    can_tip: pairing.isOtherContributor && pairing.otherId !== userId,
  };
}

/** What a person sees of the ratings they received: the daily aggregate, hidden below RATINGS_MIN_SHOWN. */
export async function getRatingSummary(db: DbOrTrx, userId: number): Promise<RatingSummary> {
  const [row, settings, computed] = await Promise.all([repo.findAggregate(db, userId), getSettings(db), repo.findLastComputedAt(db)]);
  const shown = row !== undefined && Number(row.ratings_count) >= RATINGS_MIN_SHOWN;
  return {
    ratings_count: shown ? Number(row.ratings_count) : null,
    average: shown ? Math.round(average(row) * 10) / 10 : null,
    is_top_rated: isTopRated(row, settings),
    min_shown: RATINGS_MIN_SHOWN,
    updated_at: typeof computed?.at === 'string' ? computed.at : null,
  };
}

/**
 * Matching order (issue 35 §2): each person's average stars from the daily aggregates, for those with at
 * least RATINGS_MIN_SHOWN ratings (the others are absent: unrated, not bad). Daily, like what the person sees,
 * so matching order cannot reveal a single rating either.
 */
export async function ratingScores(db: DbOrTrx, userIds: number[]): Promise<Map<number, number>> {
  const rows = await repo.listAggregates(db, [...new Set(userIds)]);
  return new Map(rows.filter((r) => Number(r.ratings_count) >= RATINGS_MIN_SHOWN).map((r) => [r.user_id, average(r)]));
}

/** One person's matching score (see ratingScores); null when unrated. */
export async function ratingScore(db: DbOrTrx, userId: number): Promise<number | null> {
  return (await ratingScores(db, [userId])).get(userId) ?? null;
}

/**
 * For matching's 'talk again' (issue 35 §2): the person the user rated last and the stars they gave, or null.
 * Server-side only — never sent to anyone (it names the person rated by id).
 */
export async function lastRatedPartner(db: DbOrTrx, userId: number): Promise<{ userId: number; stars: number; ratedAt: string } | null> {
  const row = await repo.findLatestRatingBy(db, userId);
  return row ? { userId: row.rated_id, stars: row.stars, ratedAt: row.created_at } : null;
}

/** The daily job: every aggregate from the ratings made before today (UTC), so none moves with one rating. */
export async function refreshRatingAggregates(db: Db, clock: Clock): Promise<void> {
  const now = clock.now();
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())).toISOString();
  await db.transaction().execute((trx) => repo.replaceAggregates(trx, dayStart, now.toISOString()));
}

/** Admin moderation tools: the ratings of a topic's pairings (or the newest), with who rated whom. */
export async function listRatingsForAdmin(db: DbOrTrx, topicId?: number): Promise<AdminRating[]> {
  const rows = await repo.listRatingsForAdmin(db, topicId, 200);
  return rows.map((r) => ({
    id: r.id,
    pairing_id: r.pairing_id,
    topic_id: r.topic_id,
    rater: { id: r.rater_id, name: r.rater_name, email: r.rater_email },
    rated: { id: r.rated_id, name: r.rated_name, email: r.rated_email },
    stars: r.stars,
    text: r.text,
    created_at: r.created_at,
  }));
}
