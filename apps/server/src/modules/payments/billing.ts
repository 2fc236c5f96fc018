import { type Charged, type CheckoutPrefill } from '@parley/contracts';
import { type UserRow } from '../users/users.table.js';
import { type BuyerDetails } from '../receipts/receipts.service.js';

/**
 * The billing details given at checkout, stored one way for every payable (decision 035g): a JSON
 * text column `billing` on the row, in this shape. The receipt and the next checkout's prefill read it.
 */
export interface BillingSnapshot {
  name: string;
  surname: string;
  phone: string;
  email: string;
  city: string;
  address: string;
  postCode: string;
  country: { id: number; title: string } | null;
}

export const serializeBilling = (billing: BillingSnapshot) => JSON.stringify(billing);

/** The snapshot of a checkout form's billing fields (the same fields on every checkout). */
export function billingFromForm(form: Omit<BillingSnapshot, 'country'>, country: { id: number; title: string } | null): BillingSnapshot {
  const { name, surname, phone, email, city, address, postCode } = form;
  return { name, surname, phone, email, city, address, postCode, country: country && { id: country.id, title: country.title } };
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A checkout form's starting values from the buyer's profile (the store; the top-up form prefers its last snapshot). */
export function prefillFromProfile(user: UserRow): CheckoutPrefill {
  return {
    name: user.name,
    surname: user.surname ?? '',
    email: user.email,
    phone: user.phone ?? '',
    country: user.country_id,
    city: user.city ?? '',
    address: user.address ?? '',
    postCode: user.zip ?? '',
  };
}

/** A stored snapshot; missing or unreadable fields are empty (null country). */
export function parseBilling(stored: string | null | undefined): BillingSnapshot {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(stored ?? '{}');
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    // an unreadable snapshot leaves the fields empty
  }
  const country = raw.country as { id?: unknown; title?: unknown } | null | undefined;
  return {
    name: text(raw.name),
    surname: text(raw.surname),
    phone: text(raw.phone),
    email: text(raw.email),
    city: text(raw.city),
    address: text(raw.address),
    postCode: text(raw.postCode),
    country: country && typeof country.id === 'number' ? { id: country.id, title: text(country.title) } : null,
  };
}

/** The buyer as the receipt prints it. */
export function buyerOf(billing: BillingSnapshot): BuyerDetails {
  const { name, surname, email, phone, address, city, postCode } = billing;
  return { name, surname, email, phone, address, city, postCode, country: billing.country?.title ?? '' };
}

/** The charge columns every payable has; `net_cents` etc. are the euro originals of rows from before charging in other currencies. */
export interface ChargeColumns {
  currency: string;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  charge_currency: string | null;
  charge_net_cents: number | null;
  charge_vat_cents: number | null;
  charge_total_cents: number | null;
  refunded_cents: number;
}

/** What the card is (or was) charged, in the buyer's currency (older rows: euros). */
export function chargedFrom(row: ChargeColumns): Charged {
  return {
    currency: row.charge_currency ?? row.currency,
    net_cents: row.charge_net_cents ?? row.net_cents,
    vat_cents: row.charge_vat_cents ?? row.vat_cents,
    total_cents: row.charge_total_cents ?? row.total_cents,
    refunded_cents: row.refunded_cents,
  };
}
