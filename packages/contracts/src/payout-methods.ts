/**
 * The payout methods (issue 37 §5): one row per method, shared by the server (validation, stored details,
 * last four) and the web form (radio label, inputs). Adding a method is a row here plus its texts in the
 * catalogue (English and German); nothing else branches on the method.
 */
import { z } from 'zod';
import { limits } from './constants.js';
import { type TextKey } from './i18n.js';
import { isIsoDate, isValidCardNumber, isValidIban, normalizeIban, normalizePan } from './payout-checks.js';
import { texts } from './texts.js';

const t = texts.payout;

/** How the web form renders a detail input (TextField props). */
export interface PayoutFieldInput {
  type?: 'text' | 'date';
  inputMode?: 'numeric' | 'text';
  autoComplete: string;
  maxLength?: number;
  spellCheck?: false;
  /** A date input that cannot go past today. */
  maxToday?: true;
}

/**
 * One method-specific detail: its body field name, label, and a zod schema over the trimmed text
 * that gives the spec's message (required first, then one format check) and outputs the stored value.
 */
export interface PayoutFieldDescriptor {
  name: string;
  labelKey: TextKey;
  schema: z.ZodType<string, string>;
  input: PayoutFieldInput;
  /** A date that must be before today (checked with the caller's clock, see checkPayoutRules); the message. */
  pastDateMessage?: string;
}

export interface PayoutMethodDescriptor {
  id: string;
  /** English name sent by GET /payouts/methods (the web shows labelKey). */
  name: string;
  labelKey: TextKey;
  fields: readonly PayoutFieldDescriptor[];
  /** The field whose last four characters the user sees again as the destination. */
  last4Field: string;
}

/** Required (after trimming), then one format check; outputs the normalised value. */
const detail = (required: string, valid: (value: string) => boolean, invalid: string, normalize: (value: string) => string = (v) => v) =>
  z.string().trim().min(1, { error: required, abort: true }).refine(valid, { error: invalid }).transform(normalize);

const digits = (n: number) => (value: string) => new RegExp(`^\\d{${n}}$`).test(value);

export const payoutMethodTable = [
  {
    id: 'card',
    name: 'Card',
    labelKey: 'payoutUi.methodCard',
    fields: [
      {
        name: 'pan',
        labelKey: 'payoutUi.cardNumber',
        schema: detail(t.cardRequired, isValidCardNumber, t.cardInvalid, normalizePan),
        input: { inputMode: 'numeric', autoComplete: 'cc-number' },
      },
    ],
    last4Field: 'pan',
  },
  {
    id: 'sepa',
    name: 'SEPA transfer',
    labelKey: 'payoutUi.methodSepa',
    fields: [
      {
        name: 'iban',
        labelKey: 'payoutUi.iban',
        schema: detail(t.ibanRequired, isValidIban, t.ibanInvalid, normalizeIban),
        input: { autoComplete: 'off', spellCheck: false },
      },
    ],
    last4Field: 'iban',
  },
  {
    id: 'fps',
    name: 'UK Faster Payments',
    labelKey: 'payoutUi.methodFps',
    fields: [
      {
        name: 'account_number',
        labelKey: 'payoutUi.accountNumber',
        schema: detail(t.accountNumberRequired, digits(8), t.accountNumberDigits),
        input: { inputMode: 'numeric', autoComplete: 'off' },
      },
      {
        name: 'sort_code',
        labelKey: 'payoutUi.sortCode',
        schema: detail(t.sortCodeRequired, digits(limits.sortCodeLength), t.sortCodeDigits),
        input: { inputMode: 'numeric', autoComplete: 'off', maxLength: limits.sortCodeLength },
      },
      {
        name: 'birth_date',
        labelKey: 'payoutUi.birthDate',
        schema: detail(t.birthDateRequired, (v) => isIsoDate(v) && v >= '1900-01-01', t.birthDateInvalid),
        input: { type: 'date', autoComplete: 'bday', maxToday: true },
        pastDateMessage: t.birthDatePast,
      },
    ],
    last4Field: 'account_number',
  },
] as const satisfies readonly PayoutMethodDescriptor[];

type MethodRow = (typeof payoutMethodTable)[number];
export type PayoutMethodId = MethodRow['id'];
/** Every method-specific body field (pan, iban, …). */
export type PayoutDetailField = MethodRow['fields'][number]['name'];

export const payoutMethodIds = payoutMethodTable.map((m) => m.id) as [PayoutMethodId, ...PayoutMethodId[]];
export const payoutDetailFields = [...new Set(payoutMethodTable.flatMap((m) => m.fields.map((f) => f.name)))] as PayoutDetailField[];

/** Method-specific details after validation: exactly the selected method's fields, normalised. */
export type PayoutDetails = {
  [I in PayoutMethodId]: { method: I } & Record<Extract<MethodRow, { id: I }>['fields'][number]['name'], string>;
}[PayoutMethodId];

export function payoutMethod(id: string): PayoutMethodDescriptor | undefined {
  return (payoutMethodTable as readonly PayoutMethodDescriptor[]).find((m) => m.id === id);
}

/** The part of the destination the user may see again: the last four characters of the method's number. */
export function destinationLast4(details: PayoutDetails): string {
  const method = payoutMethod(details.method)!;
  return String((details as Record<string, string>)[method.last4Field] ?? '').slice(-4);
}
