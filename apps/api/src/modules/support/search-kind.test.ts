import { describe, expect, it } from 'vitest';
import { searchKindOf } from './search-kind.ts';

describe('what support typed, read as one kind of key', () => {
  it.each([
    ['123.456.789-09', { kind: 'cpf', value: '12345678909' }],
    [' 12345678909 ', { kind: 'cpf', value: '12345678909' }],
    ['Ana.Maria@Exemplo.com', { kind: 'email', value: 'ana.maria@exemplo.com' }],
    ['1234', { kind: 'last4', value: '1234' }],
    ['AB12CD34', { kind: 'code', value: 'ab12cd34' }],
    ['Pedido ab12cd34', { kind: 'code', value: 'ab12cd34' }],
    ['#12345678', { kind: 'code', value: '12345678' }],
    ['e9999999920260101120012345ABCDEF', { kind: 'pix_e2e', value: 'E9999999920260101120012345ABCDEF' }],
  ])('%s', (typed, expected) => {
    expect(searchKindOf(typed)).toEqual(expected);
  });

  it.each(['', 'hello', '123', '12345', '1234567890', '123456789012', 'AB12CD3', 'Pedido xyz12345', 'E123'])(
    'refuses %j',
    (typed) => {
      expect(searchKindOf(typed)).toBeNull();
    },
  );
});
