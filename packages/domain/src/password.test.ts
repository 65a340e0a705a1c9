import { describe, expect, it } from 'vitest';
import { isStrongPassword, passwordRules, passwordStrength, strengthLabel } from './password.ts';

describe('password strength 0 to 4', () => {
  it.each([
    ['', 0, 'create'],
    ['abc', 0, 'create'],
    ['abcdefgh', 1, 'weak'],
    ['Abcdefgh', 2, 'weak'],
    ['Abcdefg1', 3, 'almost'],
    ['Abcdef1!', 4, 'strong'],
    ['Ab1!', 3, 'almost'],
  ] as const)('%j is level %i (%s)', (password, level, label) => {
    expect(passwordStrength(password)).toBe(level);
    expect(strengthLabel(passwordStrength(password))).toBe(label);
  });

  it('needs 8 characters, upper and lower case, a digit and a symbol', () => {
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword('Abcde1!')).toBe(false);
    expect(isStrongPassword('abcdef1!')).toBe(false);
    expect(isStrongPassword('ABCDEF1!')).toBe(false);
    expect(isStrongPassword('Abcdefg!')).toBe(false);
    expect(isStrongPassword('Abcdefg1')).toBe(false);
    expect(passwordRules('Ação-2026')).toEqual({ length: true, cases: true, digit: true, symbol: true });
  });

  it('accepts long pass-phrases (64+ characters) and caps them at 256', () => {
    expect(isStrongPassword(`Uma frase longa e segura, com número 7 ${'x'.repeat(40)}`)).toBe(true);
    expect(isStrongPassword(`Aa1!${'x'.repeat(253)}`)).toBe(false);
  });
});
