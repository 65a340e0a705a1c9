import type { TCanTransferAnswer } from '@ingressos/contracts';
import type { TLocale } from '@ingressos/domain';
import { stripCpfMask } from '@ingressos/domain/cpf';
import { refusal, type TMe, type TTransferServices, ticketFacts } from './transfer-facts.ts';

/** POST /v1/ticketTransfer/CanTransfer: the same checks as sending, without sending. */
export async function canTransfer(
  s: TTransferServices,
  me: TMe,
  input: { ticketId: string; destinationCpf?: string },
  locale: TLocale,
): Promise<TCanTransferAnswer> {
  const cpf = input.destinationCpf === undefined ? undefined : stripCpfMask(input.destinationCpf);
  const why = await refusal(s.db, me, await ticketFacts(s.db, input.ticketId), cpf, locale);
  return why
    ? { canTransfer: false, code: why.code, message: why.message }
    : { canTransfer: true, code: null, message: null };
}
