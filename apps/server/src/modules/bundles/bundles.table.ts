import { type Generated, type Selectable } from 'kysely';

export interface BundlesTable {
  id: Generated<number>;
  description: string;
  price_cents: number;
  points: number;
  position: Generated<number>;
  is_active: Generated<number>;
}
export type BundleRow = Selectable<BundlesTable>;
