import { limits, type Country } from '@parley/contracts';
import { AsYouType, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useI18n } from '../../lib/i18n';

/** What the phone input emits (spec §5): E.164 phone, dial digits, national number, validity. */
export interface PhoneValue {
  phone: string;
  phoneCountryCode: string;
  nationalNumber: string;
  isValid: boolean;
}

interface PhoneInputProps {
  /** Only these countries are accepted (the server's list). */
  countries: Country[];
  /** ISO code of the preselected country (GET /api/phone-country). */
  defaultIso?: string | null;
  /** An initial E.164 number. */
  initialValue?: string | null;
  onChange: (value: PhoneValue) => void;
  label?: string;
  error?: string;
  id?: string;
  disabled?: boolean;
}

const digitsOf = (value: string) => value.replace(/\D/g, '');
const dialOf = (country: Country | undefined) => digitsOf(country?.dial_code ?? '');

/** Filters by prefix of the name, ISO code or dial code (the dropdown's type-ahead). */
export function filterCountries(countries: Country[], query: string): Country[] {
  const q = query.trim().toLowerCase().replace(/^\+/, '');
  if (!q) return countries;
  return countries.filter((c) => c.title.toLowerCase().startsWith(q) || c.iso.toLowerCase().startsWith(q) || dialOf(c).startsWith(q));
}

/** Reads what was typed in the context of the selected country. */
export function readPhone(text: string, country: Country | undefined): PhoneValue {
  const dial = dialOf(country);
  const full = text.trim().startsWith('+') ? `+${digitsOf(text)}` : `+${dial}${digitsOf(text).replace(/^0+/, '')}`;
  const national = digitsOf(text);
  if (!national) return { phone: '', phoneCountryCode: dial, nationalNumber: '', isValid: false };
  const parsed = parsePhoneNumberFromString(full);
  if (!parsed) return { phone: full, phoneCountryCode: dial, nationalNumber: national, isValid: false };
  return { phone: parsed.number, phoneCountryCode: parsed.countryCallingCode, nationalNumber: parsed.nationalNumber, isValid: parsed.isValid() };
}

/**
 * The country an international entry belongs to, as far as it can tell yet. A calling code shared by
 * several countries (+44, +1) whose number does not say which (a reserved or not yet valid range) means
 * the selected country when it has that code, else the first supported one of the code (its main country first).
 */
function detectIso(text: string, countries: Country[], selectedIso: string): string | undefined {
  if (!text.trim().startsWith('+')) return undefined;
  const typer = new AsYouType();
  typer.input(`+${digitsOf(text)}`);
  const exact = typer.getCountry() ?? parsePhoneNumberFromString(`+${digitsOf(text)}`)?.country;
  if (exact) return exact;
  const callingCode = typer.getCallingCode();
  if (!callingCode) return undefined;
  const candidates: readonly CountryCode[] = metadata.country_calling_codes[callingCode] ?? [];
  if (candidates.includes(selectedIso as CountryCode)) return selectedIso;
  return candidates.find((iso) => countries.some((c) => c.iso === iso)) ?? candidates[0];
}

function pickInitial(countries: Country[], defaultIso: string | null | undefined, initialValue: string | null | undefined) {
  const parsed = initialValue ? parsePhoneNumberFromString(initialValue) : undefined;
  const fromValue = parsed?.country ? countries.find((c) => c.iso === parsed.country) : undefined;
  const fromDefault = defaultIso ? countries.find((c) => c.iso.toUpperCase() === defaultIso.toUpperCase()) : undefined;
  return { iso: (fromValue ?? fromDefault ?? countries[0])?.iso ?? '', text: parsed?.nationalNumber ?? initialValue ?? '' };
}

export function PhoneInput({ countries, defaultIso, initialValue, onChange, label, error, id, disabled }: PhoneInputProps) {
  const { t, localize } = useI18n();
  const autoId = useId();
  const inputId = id ?? autoId;
  const [iso, setIso] = useState(() => pickInitial(countries, defaultIso, initialValue).iso);
  const [text, setText] = useState(() => pickInitial(countries, defaultIso, initialValue).text);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const lastNoticeAt = useRef(0);
  const touchedIso = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const selected = countries.find((c) => c.iso === iso);
  const options = useMemo(() => filterCountries(countries, query), [countries, query]);

  // Countries and the default country arrive after the first render.
  useEffect(() => {
    if (touchedIso.current || countries.length === 0) return;
    const initial = pickInitial(countries, defaultIso, initialValue);
    setIso(initial.iso);
  }, [countries, defaultIso, initialValue]);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const emit = (nextText: string, country: Country | undefined) => onChangeRef.current(readPhone(nextText, country));

  const rejectCountry = () => {
    const now = Date.now();
    if (now - lastNoticeAt.current >= limits.phoneErrorDebounceMs) {
      lastNoticeAt.current = now;
      setNotice(t('phone.countryNotSupported'));
    }
    setText('');
    emit('', selected);
  };

  const onType = (raw: string) => {
    const value = raw.replace(/[^\d+\s()-]/g, '').slice(0, limits.phoneMaxLength);
    const detected = detectIso(value, countries, iso);
    if (detected) {
      const country = countries.find((c) => c.iso === detected);
      if (!country) return rejectCountry();
      touchedIso.current = true;
      setIso(country.iso);
      setNotice(null);
      setText(value);
      return emit(value, country);
    }
    setNotice(null);
    setText(value);
    emit(value, selected);
  };

  const choose = (country: Country) => {
    touchedIso.current = true;
    setIso(country.iso);
    setOpen(false);
    setQuery('');
    setNotice(null);
    // A number typed with another country's prefix is dropped.
    const next = text.trim().startsWith('+') ? '' : text;
    setText(next);
    emit(next, country);
  };

  const message = error ? localize(error) : (notice ?? undefined);
  return (
    <div className={`field phone${message ? ' field--invalid' : ''}`} ref={rootRef}>
      <label className="field__label" htmlFor={inputId}>
        {label ?? t('commonUi.phone')}
      </label>
      <div className="phone__row">
        <button
          type="button"
          className="phone__country"
          aria-haspopup="listbox"
          aria-expanded={open}
          // The name starts with the country and ends with the visible code, so it contains the label a sighted user reads (WCAG 2.5.3).
          aria-label={t('commonUi.countryButton', { country: selected?.title ?? t('commonUi.noCountry'), iso: selected?.iso ?? '—', dial: dialOf(selected) })}
          disabled={disabled}
          onClick={() => setOpen((v) => !v)}
        >
          <span className="phone__iso">{selected?.iso ?? '—'}</span>
          <span className="phone__dial">+{dialOf(selected)}</span>
          <span className="phone__caret" aria-hidden="true">
            ▾
          </span>
        </button>
        <input
          id={inputId}
          className="input phone__input"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          maxLength={limits.phoneMaxLength}
          value={text}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${inputId}-error` : undefined}
          onChange={(event) => onType(event.target.value)}
        />
      </div>
      {open && (
        <div className="phone__dropdown">
          <input
            className="input phone__search"
            aria-label={t('commonUi.searchCountry')}
            placeholder={t('commonUi.searchCountry')}
            // The search opens on the person's click: typing goes straight into it.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && options[0]) {
                event.preventDefault();
                choose(options[0]);
              }
              if (event.key === 'Escape') setOpen(false);
            }}
          />
          <ul className="phone__options" role="listbox" aria-label={t('commonUi.countries')} style={{ maxHeight: limits.dropdownMaxHeightPx }}>
            {options.length === 0 && <li className="phone__empty">{t('phone.noOptions')}</li>}
            {options.map((country) => (
              // Keyboard choice is the search field's (Enter takes the first match, Escape closes).
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li key={country.id} role="option" aria-selected={country.iso === iso} className="phone__option" onClick={() => choose(country)}>
                <span>{country.title}</span>
                <span className="phone__option-dial">+{dialOf(country)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {message && (
        <p className="field__error" id={`${inputId}-error`} role="alert">
          {message}
        </p>
      )}
    </div>
  );
}
