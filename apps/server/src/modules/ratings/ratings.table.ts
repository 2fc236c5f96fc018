import { type Generated, type Selectable } from 'kysely';

/** One side's rating of one pairing (the joiner's seat, `topic_participants.id`): unique per pairing and rater. */
export interface PairingRatingsTable {
  id: Generated<number>;
  pairing_id: number;
  topic_id: number;
  rater_id: number;
  rated_id: number;
  /** 1–5. */
  stars: number;
  text: string | null;
  created_at: string;
}
export type PairingRatingRow = Selectable<PairingRatingsTable>;

/** What the rated person and matching see: recomputed daily by `ratings.aggregate`, never per rating. */
export interface RatingAggregatesTable {
  user_id: number;
  ratings_count: number;
  stars_total: number;
  computed_at: string;
}
export type RatingAggregateRow = Selectable<RatingAggregatesTable>;
