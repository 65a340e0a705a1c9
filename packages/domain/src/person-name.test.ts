import { describe, expect, it } from 'vitest';
import { firstName, nameProblem } from './person-name.ts';

describe('name rule', () => {
  it.each(['Ana Silva', 'Jo da Silva', 'Silva, Ana', 'Maria José Araújo', 'Zé Ninguém', 'Li Wei Chen'])(
    'accepts %s',
    (name) => expect(nameProblem(name)).toBeNull(),
  );
  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['Ana', 'fullName'],
    ['A Silva', 'fullName'],
    ['Ana Li', 'fullName'],
    ['Ana Abcdefghijklmnopqrstu', 'fullName'],
    ['ana@exemplo.com', 'email'],
    ['Ana Silva@x', 'email'],
    [`Ana ${'Silva '.repeat(30)}`, 'tooLong'],
    ['Ana Silva Costa\u0000', 'characters'],
    ['Ana\nSilva Costa', 'characters'],
  ])('refuses %j (%s)', (name, problem) => expect(nameProblem(name)).toBe(problem));

  it('greets by the first name', () => {
    expect(firstName('  Ana Maria Silva ')).toBe('Ana');
  });
});
