import { describe, expect, it } from 'vitest';
import { isValidPhone, maskBrazilianPhone, normalizePhoneInput } from './phone.ts';

describe('phone', () => {
  it('keeps digits only, drops a leading zero and stops at 15', () => {
    expect(normalizePhoneInput('(011) 98765-4321')).toBe('11987654321');
    expect(normalizePhoneInput('0 11 3333 4444')).toBe('1133334444');
    expect(normalizePhoneInput('1'.repeat(20))).toHaveLength(15);
  });

  it('wants area code and 8 or 9 digits in Brazil', () => {
    expect(isValidPhone('1133334444', '+55')).toBe(true);
    expect(isValidPhone('11987654321', '+55')).toBe(true);
    expect(isValidPhone('113333444', '+55')).toBe(false);
    expect(isValidPhone('119876543210', '+55')).toBe(false);
    expect(isValidPhone('0198765432', '+55')).toBe(false);
  });

  it('wants 8 to 15 digits elsewhere, dial code included in the 15', () => {
    expect(isValidPhone('2025550123', '+1')).toBe(true);
    expect(isValidPhone('1234567', '+351')).toBe(false);
    expect(isValidPhone('12345678901234', '+1')).toBe(true);
    expect(isValidPhone('12345678901234', '+44')).toBe(false);
    expect(isValidPhone('2025550123', '1')).toBe(false);
  });

  it('masks Brazilian numbers as (DD) 9999-9999 or (DD) 99999-9999', () => {
    expect(maskBrazilianPhone('11')).toBe('(11');
    expect(maskBrazilianPhone('113333')).toBe('(11) 3333');
    expect(maskBrazilianPhone('1133334444')).toBe('(11) 3333-4444');
    expect(maskBrazilianPhone('11987654321')).toBe('(11) 98765-4321');
  });
});
