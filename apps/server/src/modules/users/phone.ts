import { texts } from '@parley/contracts';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { type DbOrTrx } from '../../db/database.js';
import { findCountryIdByIso } from './users.repository.js';

export interface PhoneInput {
  phone: string;
  phoneCountryCode?: string;
  nationalNumber?: string;
}

export interface ValidPhone {
  phone: string;
  countryCallingCode: string;
  nationalNumber: string;
  iso: string;
}

/**
 * A phone is valid when libphonenumber says so and its country is one the
 * server supports (the countries table). Returns the normalised E.164 parts,
 * or a field error message.
 */
export async function validatePhone(db: DbOrTrx, input: PhoneInput): Promise<ValidPhone | { error: string }> {
  const raw = input.phone.trim();
  const dial = input.phoneCountryCode?.replace(/\D/g, '');
  const candidate = raw.startsWith('+') ? raw : dial ? `+${dial}${(input.nationalNumber ?? raw).replace(/\D/g, '')}` : raw;
  const parsed = parsePhoneNumberFromString(candidate);
  if (!parsed?.isValid() || !parsed.country) return { error: texts.auth.validPhoneRequired };
  const supported = await findCountryIdByIso(db, parsed.country);
  if (!supported) return { error: texts.phone.countryNotSupported };
  return { phone: parsed.number, countryCallingCode: parsed.countryCallingCode, nationalNumber: parsed.nationalNumber, iso: parsed.country };
}
