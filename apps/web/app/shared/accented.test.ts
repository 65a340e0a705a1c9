import { PT_BR as ptBR } from '@ingressos/contracts/messages/pt-BR';
import { describe, expect, it } from 'vitest';
import { accented } from './accented.ts';

describe('API messages shown on the web', () => {
  it('gets its accents back, the spec text kept by the API', () => {
    expect(accented(ptBR.catalogue.event_not_found)).toBe('Evento não encontrado');
    expect(accented(ptBR.cart.protection_required)).toBe('Uma seleção obrigatória não foi preenchida.');
    expect(accented(ptBR.cart.cart_limit.replace('{n}', '6'))).toBe(
      'É possível adicionar somente 6 ingressos por vez em seu carrinho. Finalize essa compra e adquira mais ingressos em uma próxima.',
    );
  });

  it('leaves every other message as it is', () => {
    expect(accented('Event not found')).toBe('Event not found');
    expect(accented('Evento nao encontrado!')).toBe('Evento nao encontrado!');
  });
});
