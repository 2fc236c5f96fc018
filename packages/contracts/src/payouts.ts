import { z } from 'zod';
import { requiredString } from './auth.js';
import { limits } from './constants.js';
import { pageMetaSchema, type FieldErrors } from './envelope.js';
import { formatEuros, isIsoDate, isValidCardNumber, isValidIban, normalizeIban, normalizePan, parseEuroAmount } from './payout-checks.js';
import { texts } from './texts.js';

export * from './payout-checks.js';

const t = texts.payout;

export const payoutMethodIds = ['card', 'sepa', 'fps'] as const;
export type PayoutMethodId = (typeof payoutMethodIds)[number];
export const payoutMethods: readonly { id: PayoutMethodId; name: string }[] = [
  { id: 'card', name: 'Card' },
  { id: 'sepa', name: 'SEPA transfer' },
  { id: 'fps', name: 'UK Faster Payments' },
];

export const payoutStatuses = ['pending', 'approved', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** Method-specific details after validation: exactly the selected method's fields, normalised. */
export type PayoutDetails =
  | { method: 'card'; pan: string }
  | { method: 'sepa'; iban: string }
  | { method: 'fps'; account_number: string; sort_code: string; birth_date: string };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
type Issue = { path: [string]; message: string };

/** The method-specific messages of spec §5 Payout plus the Luhn, mod-97 and date checks. */
function methodIssues(value: Record<string, unknown>): Issue[] {
  const issues: Issue[] = [];
  const add = (field: string, message: string) => issues.push({ path: [field], message });
  if (value.method === 'card') {
    const pan = text(value.pan);
    if (!pan) add('pan', t.cardRequired);
    else if (!isValidCardNumber(pan)) add('pan', t.cardInvalid);
  } else if (value.method === 'sepa') {
    const iban = text(value.iban);
    if (!iban) add('iban', t.ibanRequired);
    else if (!isValidIban(iban)) add('iban', t.ibanInvalid);
  } else if (value.method === 'fps') {
    const account = text(value.account_number);
    const sortCode = text(value.sort_code);
    const birthDate = text(value.birth_date);
    if (!account) add('account_number', t.accountNumberRequired);
    else if (!/^\d{8}$/.test(account)) add('account_number', t.accountNumberDigits);
    if (!sortCode) add('sort_code', t.sortCodeRequired);
    else if (!new RegExp(`^\\d{${limits.sortCodeLength}}$`).test(sortCode)) add('sort_code', t.sortCodeDigits);
    if (!birthDate) add('birth_date', t.birthDateRequired);
    else if (!isIsoDate(birthDate) || birthDate < '1900-01-01') add('birth_date', t.birthDateInvalid);
  }
  return issues;
}

const amountSchema = z.unknown().transform((raw, ctx) => {
  const parsed = parseEuroAmount(raw);
  if (parsed.kind === 'ok') return parsed.euros;
  const message = parsed.kind === 'missing' ? t.amountRequired : parsed.kind === 'precision' ? t.amountPrecision : t.amountPositive;
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
});

const optionalDetail = (max: number) => z.string().max(max).optional().nullable();

/** POST /payouts (spec §3 Payout request). Amount in euros. */
export const payoutRequestBodySchema = z
  .object({
    amount: amountSchema,
    method: z.enum(payoutMethodIds, { error: t.methodRequired }),
    first_name: requiredString(t.firstNameRequired, 100),
    last_name: requiredString(t.lastNameRequired, 100),
    country_id: z.coerce.number({ error: t.countryRequired }).int({ error: t.countryRequired }).positive({ error: t.countryRequired }),
    city: requiredString(t.cityRequired, 100),
    address: requiredString(t.addressRequired, 200),
    zip: requiredString(t.zipRequired, 20),
    pan: optionalDetail(40),
    iban: optionalDetail(64),
    account_number: optionalDetail(20),
    sort_code: optionalDetail(limits.sortCodeLength),
    birth_date: optionalDetail(10),
  })
  // Runs even when other fields failed, so one submit shows every message at once.
  .superRefine(
    (value, ctx) => {
      for (const issue of methodIssues(value as Record<string, unknown>)) ctx.addIssue({ code: 'custom', ...issue });
    },
    { when: () => true },
  )
  .transform(({ pan, iban, account_number, sort_code, birth_date, ...common }) => {
    const details: PayoutDetails =
      common.method === 'card'
        ? { method: 'card', pan: normalizePan(pan ?? '') }
        : common.method === 'sepa'
          ? { method: 'sepa', iban: normalizeIban(iban ?? '') }
          : { method: 'fps', account_number: text(account_number), sort_code: text(sort_code), birth_date: text(birth_date) };
    return { ...common, amount_cents: Math.round(common.amount * 100), details };
  });
export type PayoutRequestInput = z.input<typeof payoutRequestBodySchema>;
export type PayoutRequestBody = z.output<typeof payoutRequestBodySchema>;

/** What the rules depend on besides the form itself. */
export interface PayoutRuleContext {
  minAmount: number;
  /** null: no maximum. */
  maxAmount: number | null;
  /** Euros the user may withdraw now. */
  availableAmount: number;
  symbol: string;
  /** YYYY-MM-DD, from the caller's clock. */
  today: string;
}

/** Limits and dates of spec §5 Payout, in the spec's order; shared by server and form. */
export function checkPayoutRules(input: { amount: unknown; method?: unknown; birth_date?: unknown }, ctx: PayoutRuleContext): FieldErrors {
  const errors: FieldErrors = {};
  const amount = parseEuroAmount(input.amount);
  if (amount.kind === 'ok') {
    if (amount.euros < ctx.minAmount) errors.amount = [t.minAmount(formatEuros(ctx.minAmount), ctx.symbol)];
    else if (amount.euros > ctx.availableAmount) errors.amount = [t.exceedsBalance];
    else if (ctx.maxAmount !== null && amount.euros > ctx.maxAmount) errors.amount = [t.maxAmount(formatEuros(ctx.maxAmount), ctx.symbol)];
  }
  const birthDate = text(input.birth_date);
  if (input.method === 'fps' && isIsoDate(birthDate) && birthDate >= ctx.today) errors.birth_date = [t.birthDatePast];
  return errors;
}

export const payoutMethodSchema = z.object({ id: z.enum(payoutMethodIds), name: z.string() });
export const payoutMethodsResponseSchema = z.object({
  methods: z.array(payoutMethodSchema),
  min_amount: z.number(),
  max_amount: z.number().nullable(),
  currency: z.string(),
  symbol: z.string(),
  /** Euros the signed-in user may withdraw now (earned coins not yet held or paid, at the conversion rate). */
  available_amount: z.number(),
  points_convertion_rate: z.number(),
});
export type PayoutMethodsResponse = z.infer<typeof payoutMethodsResponseSchema>;

/** Spec §3 Payout history row, plus the masked destination. */
export const payoutHistoryRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  method: z.enum(payoutMethodIds),
  status: z.enum(payoutStatuses),
  amount: z.number(),
  currency: z.string(),
  coins: z.number().int(),
  destination: z.string(),
});
export type PayoutHistoryRow = z.infer<typeof payoutHistoryRowSchema>;

export const payoutHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(limits.historyPageSize),
  currency: z.string().max(8).optional(),
  lang_id: z.coerce.number().int().positive().optional(),
});

export const payoutHistoryResponseSchema = z.object({ data: z.array(payoutHistoryRowSchema), meta: pageMetaSchema });
export type PayoutHistoryResponse = z.infer<typeof payoutHistoryResponseSchema>;
