import { z } from 'zod';
import { requiredString } from './auth.js';
import { limits, storeStatuses, type StoreStatus } from './constants.js';
import { pageMetaSchema, idSchema } from './envelope.js';
import { displayPriceSchema } from './coins.js';
import { chargedSchema } from './money.js';
import { texts } from './texts.js';

/** Skins: cosmetic looks for a user's own messages, one equipped per kind. */
export const productKinds = ['bubble_color', 'text_style'] as const;
export type ProductKind = (typeof productKinds)[number];

export const bubbleColors = ['blue', 'red', 'purple', 'green', 'teal', 'orange', 'pink', 'gold', 'graphite', 'mint'] as const;
export type BubbleColor = (typeof bubbleColors)[number];

export const textStyles = ['bold', 'normal', 'italic'] as const;
export type TextStyle = (typeof textStyles)[number];

/** Bubble background and text colour per skin colour; the server's SVG previews and the web use the same values. */
export const bubblePalette: Record<BubbleColor, { background: string; text: string }> = {
  blue: { background: '#2563eb', text: '#ffffff' },
  red: { background: '#dc2626', text: '#ffffff' },
  purple: { background: '#7c3aed', text: '#ffffff' },
  green: { background: '#16a34a', text: '#ffffff' },
  teal: { background: '#0d9488', text: '#ffffff' },
  orange: { background: '#ea580c', text: '#ffffff' },
  pink: { background: '#db2777', text: '#ffffff' },
  gold: { background: '#ca8a04', text: '#1f1300' },
  graphite: { background: '#374151', text: '#f9fafb' },
  mint: { background: '#6ee7b7', text: '#053b2a' },
};
/** The look of a message bubble without a colour skin. */
export const defaultBubble = { background: '#e5e7eb', text: '#111827' } as const;

export const isLookValue = (kind: ProductKind, look: string) =>
  kind === 'bubble_color' ? (bubbleColors as readonly string[]).includes(look) : (textStyles as readonly string[]).includes(look);

/** What a message carries: the sender's equipped skins at send time (absent kinds are default). */
export const skinLookSchema = z.object({
  bubble_color: z.enum(bubbleColors).optional(),
  text_style: z.enum(textStyles).optional(),
});
export type SkinLook = z.infer<typeof skinLookSchema>;

/** Order statuses as stored, and the labels the spec shows for them (spec §4). */
export const orderStatuses = ['pending', 'processing', 'success', 'failed', 'canceled', 'refunded'] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderStatusLabels: Record<OrderStatus, StoreStatus> = {
  pending: storeStatuses[3],
  processing: storeStatuses[4],
  success: storeStatuses[0],
  failed: storeStatuses[2],
  canceled: storeStatuses[1],
  refunded: storeStatuses[5],
};

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(productKinds),
  look: z.string(),
  price_cents: z.number().int(),
  /** Euros, for display with two decimals. */
  price: z.number(),
  currency: z.literal('EUR'),
  image_url: z.string(),
  is_active: z.boolean(),
  /** Only meaningful for a signed-in caller. */
  is_owned: z.boolean(),
  /** The price in the requested currency, VAT and total as they will be charged. */
  display: displayPriceSchema,
});
export type Product = z.infer<typeof productSchema>;

export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(12),
  kind: z.enum(productKinds).optional(),
  currency: z.string().max(8).optional(),
  lang_id: z.unknown().optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const storeHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(limits.historyPageSize),
});
export type StoreHistoryQuery = z.infer<typeof storeHistoryQuerySchema>;

export const productIdParamSchema = z.object({ productId: idSchema });

const tu = texts.topUp;
/** Required first, then the format: one message at a time, as the spec checks them. */
const checkoutEmailSchema = requiredString(tu.emailRequired, 254)
  .pipe(z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: texts.auth.invalidEmail }))
  .transform((v) => v.toLowerCase());
/** Checkout of one skin: billing/delivery address in the top-up order (spec §5), save info, terms. */
export const checkoutBodySchema = z.object({
  name: requiredString(tu.nameRequired, 100),
  surname: requiredString(tu.surnameRequired, 100),
  phone: requiredString(tu.phoneRequired, limits.phoneMaxLength),
  email: checkoutEmailSchema,
  country: z.coerce.number({ error: tu.countryRequired }).int({ error: tu.countryRequired }).positive({ error: tu.countryRequired }),
  city: requiredString(tu.cityRequired, 100),
  address: requiredString(tu.addressRequired, 200),
  postCode: requiredString(tu.postCodeRequired, 20),
  currency: z.string().max(8).optional(),
  save_info: z.boolean().optional().default(false),
  accept_terms: z.boolean({ error: tu.acceptTerms }).refine((v) => v, { error: tu.acceptTerms }),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;
export type CheckoutForm = z.input<typeof checkoutBodySchema>;

export const checkoutPrefillSchema = z.object({
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  country: z.number().int().nullable(),
  city: z.string(),
  address: z.string(),
  postCode: z.string(),
});
export type CheckoutPrefill = z.infer<typeof checkoutPrefillSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  order_number: z.string(),
  item: z.object({ product_id: z.number().int(), name: z.string(), kind: z.enum(productKinds), look: z.string() }),
  price_cents: z.number().int(),
  vat_percent: z.number(),
  vat_cents: z.number().int(),
  total_cents: z.number().int(),
  /** Euros incl. VAT. */
  total: z.number(),
  currency: z.literal('EUR'),
  status: z.enum(orderStatuses),
  status_label: z.enum(storeStatuses),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** Why it was canceled or failed (e.g. a second payment that was refunded). */
  message: z.string().nullable(),
  charged: chargedSchema,
  expires_at: z.string().nullable(),
  has_receipt: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const checkoutResultSchema = z.object({ redirect_url: z.string(), order: orderSchema });
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const ownedSkinSchema = productSchema.extend({ acquired_at: z.string(), is_equipped: z.boolean() });
export type OwnedSkin = z.infer<typeof ownedSkinSchema>;

export const skinsPayloadSchema = z.object({
  owned: z.array(ownedSkinSchema),
  equipped: z.object({ bubble_color: z.number().int().nullable(), text_style: z.number().int().nullable() }),
  look: skinLookSchema.nullable(),
});
export type SkinsPayload = z.infer<typeof skinsPayloadSchema>;

export const equipSkinBodySchema = z.object({ product_id: idSchema });
export const unequipSkinBodySchema = z.object({ kind: z.enum(productKinds) });

export const storeTransactionSchema = z.object({
  /** Unique across sources, e.g. `ledger:12`, `order:3`, `deposit:7`. */
  id: z.string(),
  type: z.string(),
  /** Human-readable type. */
  type_label: z.string(),
  /** Coins for ledger entries (signed), euros for payments. */
  amount: z.number(),
  currency: z.enum(['EUR', 'COINS']),
  status: z.enum(storeStatuses),
  created_at: z.string(),
});
export type StoreTransaction = z.infer<typeof storeTransactionSchema>;

export const storePageSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: pageMetaSchema });

/** GET /orders/{id}/status: the status (and its label) beside the order. */
export const orderStatusSchema = z.object({ status: orderSchema.shape.status, status_label: orderSchema.shape.status_label, order: orderSchema });
