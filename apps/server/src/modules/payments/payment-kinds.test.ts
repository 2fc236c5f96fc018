import { describe, expect, it } from 'vitest';
import { depositPayments } from '../deposits/deposit-payments.js';
import { orderPayments } from '../store/store-payments.js';
import { buyerOf, parseBilling } from './billing.js';
import { createPaymentKinds, findPaymentKind, referenceId } from './payment-kinds.js';

describe('payment kinds', () => {
  const kinds = createPaymentKinds([depositPayments, orderPayments]);

  it('finds the kind of a reference by its prefix, and no kind for an unknown one', () => {
    expect(findPaymentKind(kinds, 'deposit:42')?.kind).toBe(depositPayments);
    expect(findPaymentKind(kinds, 'order:7')?.kind).toBe(orderPayments);
    expect(findPaymentKind(kinds, 'payout:1')).toBeUndefined();
    expect(findPaymentKind(kinds, 'deposit')).toBeUndefined();
    expect(kinds.all.map((k) => k.type)).toEqual(['deposit', 'order']);
  });

  it('refuses a kind listed twice', () => {
    expect(() => createPaymentKinds([depositPayments, depositPayments])).toThrow(/listed twice/);
  });

  it('reads only well-formed ids from a reference', () => {
    expect(referenceId('order:7')).toBe(7);
    for (const bad of ['order:', 'order:0', 'order:07', 'order:1e3', 'order:-1', 'order:12345678901234567']) expect(referenceId(bad)).toBeUndefined();
  });
});

describe('billing snapshot', () => {
  it('reads what checkout stored, and empty fields from anything unreadable', () => {
    const fields = { name: 'Ada', surname: 'L', phone: '1', email: 'a@b.c', city: 'X', address: 'Y', postCode: 'Z' };
    const stored = JSON.stringify({ ...fields, country: { id: 3, title: 'Estonia' } });
    expect(parseBilling(stored)).toEqual({ ...fields, country: { id: 3, title: 'Estonia' } });
    expect(buyerOf(parseBilling(stored))).toEqual({ ...fields, country: 'Estonia' });
    for (const bad of ['order:', 'order:0', 'order:07', 'order:1e3', 'order:-1', 'order:12345678901234567']) expect(referenceId(bad)).toBeUndefined();
  });
});

describe('billing snapshot', () => {
  it('reads what checkout stored, and empty fields from anything unreadable', () => {
    const stored = JSON.stringify({
      name: 'Ada',
      surname: 'L',
      phone: '1',
      email: 'a@b.c',
      city: 'X',
      address: 'Y',
      postCode: 'Z',
      country: { id: 3, title: 'Estonia' },
    });
    expect(buyerOf(parseBilling(stored))).toEqual({
      name: 'Ada',
      surname: 'L',
      phone: '1',
      email: 'a@b.c',
      city: 'X',
      address: 'Y',
      postCode: 'Z',
      country: 'Estonia',
    });
    for (const bad of ['not json', 'null', '[]', '{"name": 5, "country": {"title": "no id"}}']) {
      expect(parseBilling(bad)).toEqual({ name: '', surname: '', phone: '', email: '', city: '', address: '', postCode: '', country: null });
    }
  });
});
