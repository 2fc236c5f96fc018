import { texts } from '@parley/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testCountries } from '../../test/render';
import { filterCountries, PhoneInput, readPhone, type PhoneValue } from './phone-input';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const setup = (props: Partial<Parameters<typeof PhoneInput>[0]> = {}) => {
  const onChange = vi.fn<(value: PhoneValue) => void>();
  render(<PhoneInput countries={testCountries} defaultIso="EE" onChange={onChange} {...props} />);
  const input = screen.getByLabelText('Phone') as HTMLInputElement;
  const type = (value: string) => fireEvent.change(input, { target: { value } });
  const lastValue = () => onChange.mock.calls.at(-1)?.[0];
  return { onChange, input, type, lastValue };
};

describe('PhoneInput (spec §5)', () => {
  it('preselects the default country and emits E.164, dial code, national number and validity', () => {
    const { type, lastValue } = setup();
    expect(screen.getByRole('button', { name: /^Country: Estonia, / })).toBeTruthy();
    type('5123 4567');
    expect(lastValue()).toEqual({ phone: '+37251234567', phoneCountryCode: '372', nationalNumber: '51234567', isValid: true });
    type('512');
    expect(lastValue()).toMatchObject({ phoneCountryCode: '372', isValid: false });
  });

  it('switches country when an international number of a supported country is typed', () => {
    const { type, lastValue } = setup();
    type('+44 7400 123456');
    expect(lastValue()).toEqual({ phone: '+447400123456', phoneCountryCode: '44', nationalNumber: '7400123456', isValid: true });
    expect(screen.getByRole('button', { name: /^Country: United Kingdom, / })).toBeTruthy();
  });

  it('switches to the main country of a shared calling code when the number itself does not tell (+44 7700 900123: issue 33)', () => {
    const { type, lastValue } = setup();
    type('+44 7700 900123');
    expect(lastValue()).toMatchObject({ phone: '+447700900123', phoneCountryCode: '44' });
    expect(screen.getByRole('button', { name: /^Country: United Kingdom, / })).toBeTruthy();
  });

  it('rejects a country outside the server list, clears the value, and shows the message at most once per 500 ms', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const { type, input, lastValue } = setup();
    type('+49 1512 3456789');
    expect(screen.getByRole('alert').textContent).toBe(texts.phone.countryNotSupported);
    expect(input.value).toBe('');
    expect(lastValue()).toMatchObject({ phone: '', isValid: false });

    type('5');
    expect(screen.queryByRole('alert')).toBeNull();
    vi.setSystemTime(new Date('2026-11-23T10:00:00.300Z'));
    type('+49 1512 3456789');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.value).toBe('');

    vi.setSystemTime(new Date('2026-11-23T10:00:00.600Z'));
    type('+49 1512 3456789');
    expect(screen.getByRole('alert').textContent).toBe(texts.phone.countryNotSupported);
  });

  it('limits the input to 25 characters', () => {
    const { type, input } = setup();
    expect(input.maxLength).toBe(25);
    type('5'.repeat(40));
    expect(input.value).toHaveLength(25);
  });

  it('filters the dropdown by prefix and says when nothing matches', () => {
    const { lastValue, type } = setup();
    fireEvent.click(screen.getByRole('button', { name: /^Country: Estonia, / }));
    const search = screen.getByLabelText('Search country');
    fireEvent.change(search, { target: { value: 'u' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['United Kingdom+44', 'United States+1', 'Ukraine+380']);
    fireEvent.change(search, { target: { value: 'Unit' } });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    fireEvent.change(search, { target: { value: 'land' } });
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText(texts.phone.noOptions)).toBeTruthy();

    fireEvent.change(search, { target: { value: 'Ukr' } });
    fireEvent.click(screen.getByRole('option', { name: /Ukraine/ }));
    type('50 123 4567');
    expect(lastValue()).toEqual({ phone: '+380501234567', phoneCountryCode: '380', nationalNumber: '501234567', isValid: true });
  });

  it('starts from an existing number', () => {
    setup({ initialValue: '+447400123456' });
    expect(screen.getByRole('button', { name: /^Country: United Kingdom, / })).toBeTruthy();
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('7400123456');
  });
});

describe('phone helpers', () => {
  it('filterCountries matches name, ISO or dial code prefixes only', () => {
    expect(filterCountries(testCountries, 'est').map((c) => c.iso)).toEqual(['EE']);
    expect(filterCountries(testCountries, 'tonia')).toEqual([]);
    expect(filterCountries(testCountries, '+38').map((c) => c.iso)).toEqual(['UA']);
    expect(filterCountries(testCountries, '')).toHaveLength(4);
  });

  it('readPhone drops a national trunk zero and reports validity', () => {
    expect(readPhone('07400 123456', testCountries[1])).toEqual({
      phone: '+447400123456',
      phoneCountryCode: '44',
      nationalNumber: '7400123456',
      isValid: true,
    });
    expect(readPhone('', testCountries[0])).toEqual({ phone: '', phoneCountryCode: '372', nationalNumber: '', isValid: false });
  });
});
