import { z } from 'zod';
import { idSchema, MAX_DB_ID } from './envelope.js';
import { emailSchema, requiredString } from './auth.js';
import { chargedSchema } from './money.js';
import { texts } from './texts.js';

const t = texts.topUp;

/** A euro amount with at most two decimals, as typed (string) or sent (number). */
export const euroAmountSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d*)?$/, { error: t.validAmount }),
    ],
    { error: t.validAmount },
  )
  .transform((v) => Number(v))
  .refine((v) => Number.isFinite(v) && v > 0 && v <= 100_000, { error: t.validAmount })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: t.validAmount });

const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on';

/** Step 2 of the Top Up modal (spec §5 Top-up), checked in this order. */
export const topUpDetailsSchema = z.object({
  name: requiredString(t.nameRequired, 100),
  surname: requiredString(t.surnameRequired, 100),
  phone: requiredString(t.phoneRequired, 25),
  email: emailSchema(t.emailRequired),
  country: z.union(
    [
      z.number({ error: t.countryRequired }).int().positive({ error: t.countryRequired }),
      z.string({ error: t.countryRequired }).trim().min(1, { error: t.countryRequired }).max(100),
    ],
    {
      error: t.countryRequired,
    },
  ),
  city: requiredString(t.cityRequired, 100),
  address: requiredString(t.addressRequired, 200),
  postCode: requiredString(t.postCodeRequired, 20),
});
export type TopUpDetails = z.infer<typeof topUpDetailsSchema>;

/** POST /deposit/checkout (spec §3 Top-up checkout payload): an amount in euros or a bundle. */
export const depositCheckoutBodySchema = topUpDetailsSchema
  .extend({
    currency: z.string().max(8).optional(),
    lang_id: z.unknown().optional(),
    accept_terms: z.preprocess(truthy, z.literal(true, { error: t.acceptTerms })),
    amount: z.unknown().optional(),
    bundle_id: idSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.bundle_id !== undefined) return;
    const amount = euroAmountSchema.safeParse(body.amount);
    if (!amount.success) ctx.addIssue({ code: 'custom', path: ['amount'], message: t.validAmount });
  })
  .transform(({ amount, ...body }) => ({ ...body, amount: body.bundle_id === undefined ? euroAmountSchema.parse(amount) : undefined }));
export type DepositCheckoutBody = z.infer<typeof depositCheckoutBodySchema>;

export const bundlePurchaseBodySchema = z.object({
  bundle_id: z.coerce
    .number({ error: texts.account.bundleNotFound })
    .int()
    .positive({ error: texts.account.bundleNotFound })
    .max(MAX_DB_ID, { error: texts.account.bundleNotFound }),
  currency: z.string().max(8).optional(),
  lang_id: z.unknown().optional(),
});
export type BundlePurchaseBody = z.infer<typeof bundlePurchaseBodySchema>;

export const currencyQuerySchema = z.object({ currency: z.string().max(8).optional(), lang_id: z.unknown().optional() });
export const depositHistoryQuerySchema = currencyQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(5),
});

/** A euro price converted for display when another currency is asked for (spec: currencies `value`). */
export const displayPriceSchema = z.object({
  currency: z.string(),
  symbol: z.string(),
  /** Net, in the display currency (two decimals). */
  amount: z.number(),
  /** VAT and total as they will be charged (priceInCurrency). */
  vat: z.number().optional(),
  total: z.number().optional(),
});
export type DisplayPrice = z.infer<typeof displayPriceSchema>;

export const bundleSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  /** Euros, VAT not included. */
  price: z.number(),
  points: z.number().int(),
  display: displayPriceSchema,
});
export type Bundle = z.infer<typeof bundleSchema>;

export const depositStatuses = ['pending', 'success', 'error', 'canceled', 'refunded', 'disputed'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const depositSchema = z.object({
  id: z.number().int(),
  status: z.enum(depositStatuses),
  /** Euros before VAT. */
  amount: z.number(),
  vat_percent: z.number(),
  vat: z.number(),
  /** Euros charged: amount + VAT. */
  total: z.number(),
  currency: z.literal('EUR'),
  points: z.number().int(),
  bundle_id: z.number().int().nullable(),
  message: z.string().nullable(),
  created_at: z.string(),
  display: z.object({ currency: z.string(), symbol: z.string(), amount: z.number(), vat: z.number(), total: z.number() }),
  /** What the card is (or was) charged, in the currency the buyer chose. */
  charged: chargedSchema,
  /** An unpaid checkout is canceled at this moment. */
  expires_at: z.string().nullable(),
  has_receipt: z.boolean(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** Spec §3 Deposit or purchase history row; `sum` is the euros charged. */
export const depositHistoryRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  sum: z.number(),
  points: z.number().int(),
  currency: z.literal('EUR'),
  status: z.enum(depositStatuses),
  charged: chargedSchema,
  has_receipt: z.boolean(),
});
export type DepositHistoryRow = z.infer<typeof depositHistoryRowSchema>;

/** POST /deposit/checkout and /bundles/purchase: where to pay (absolute), beside the payload as spec §7 shows. */
export const checkoutStartedSchema = z.object({
  status: z.literal('OK'),
  message: z.string(),
  redirect_url: z.string(),
  payload: z.object({ deposit: depositSchema, redirect_url: z.string() }),
});
