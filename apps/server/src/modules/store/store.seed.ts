import { type ProductKind } from '@parley/contracts';
import { type Db } from '../../db/database.js';
import { type Clock } from '../../lib/clock.js';
import * as repo from './store.repository.js';

const catalog: { kind: ProductKind; look: string; name: string; description: string; price_cents: number }[] = [
  { kind: 'bubble_color', look: 'blue', name: 'Ocean Blue', description: 'Calm, deep blue bubbles for your messages.', price_cents: 199 },
  { kind: 'bubble_color', look: 'red', name: 'Ruby Red', description: 'Bold red bubbles that never go unnoticed.', price_cents: 199 },
  { kind: 'bubble_color', look: 'purple', name: 'Royal Purple', description: 'Rich purple bubbles with a regal touch.', price_cents: 249 },
  { kind: 'bubble_color', look: 'green', name: 'Forest Green', description: 'Fresh green bubbles, easy on the eyes.', price_cents: 199 },
  { kind: 'bubble_color', look: 'teal', name: 'Lagoon Teal', description: 'Cool teal bubbles for relaxed chats.', price_cents: 249 },
  { kind: 'bubble_color', look: 'orange', name: 'Sunset Orange', description: 'Warm orange bubbles full of energy.', price_cents: 249 },
  { kind: 'bubble_color', look: 'pink', name: 'Blossom Pink', description: 'Playful pink bubbles for friendly talks.', price_cents: 249 },
  { kind: 'bubble_color', look: 'gold', name: 'Golden Hour', description: 'Premium gold bubbles that shine in every chat.', price_cents: 499 },
  { kind: 'bubble_color', look: 'graphite', name: 'Graphite Night', description: 'Elegant dark bubbles for night owls.', price_cents: 299 },
  { kind: 'bubble_color', look: 'mint', name: 'Fresh Mint', description: 'Light mint bubbles with dark text.', price_cents: 299 },
  { kind: 'text_style', look: 'bold', name: 'Bold Voice', description: 'Your messages in bold: say it with confidence.', price_cents: 149 },
  { kind: 'text_style', look: 'italic', name: 'Italic Flair', description: 'Your messages in italics, for a touch of style.', price_cents: 149 },
  { kind: 'text_style', look: 'normal', name: 'Classic Text', description: 'Plain, regular text: the timeless classic.', price_cents: 99 },
];

/** The skin catalog, once: a catalog that exists (even edited or trimmed by an admin) is left alone. */
export async function seedProducts(db: Db, clock: Clock) {
  if (await repo.hasAnyProduct(db)) return;
  const now = clock.now().toISOString();
  await repo.insertMissingProducts(
    db,
    catalog.map((p, i) => ({ ...p, position: i, created_at: now, updated_at: now })),
  );
}
