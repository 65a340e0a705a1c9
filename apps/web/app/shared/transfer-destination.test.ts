import type { TTransferDestinationAnswer } from '@ingressos/contracts';
import { describe, expect, it } from 'vitest';
import type { TApiResult } from './api-client.ts';
import { destinationLookup } from './transfer-destination.ts';

const cpf = '52998224725';
const body = { registered: true, email: 'a***@example.com' } as TTransferDestinationAnswer;

describe('destinationLookup', () => {
  it('keeps the answer for the CPF looked up', () => {
    const answer = { ok: true, status: 200, body, headers: new Headers() } as const;
    expect(destinationLookup(cpf, answer, 'Falhou')).toEqual({ cpf, answer: body, failed: '' });
  });

  it("shows the API's message for its refusals", () => {
    const answer: TApiResult<TTransferDestinationAnswer> = {
      ok: false,
      status: 429,
      kind: 'http',
      message: 'Muitas consultas',
      error: { code: 'too_many_requests' } as never,
      body: {},
      headers: new Headers(),
    };
    expect(destinationLookup(cpf, answer, 'Falhou')).toEqual({
      cpf,
      answer: null,
      failed: 'Muitas consultas',
    });
  });

  it('shows the given text when there was no usable answer', () => {
    const answer: TApiResult<TTransferDestinationAnswer> = {
      ok: false,
      status: 0,
      kind: 'network',
      message: '',
      error: null,
      body: null,
      headers: null,
    };
    expect(destinationLookup(cpf, answer, 'Falhou')).toEqual({ cpf, answer: null, failed: 'Falhou' });
  });
});
