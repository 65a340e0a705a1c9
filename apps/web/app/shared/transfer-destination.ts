import type { TTransferDestinationAnswer } from '@ingressos/contracts';
import { useEffect, useState } from 'react';
import { api, type TApiResult } from '~/shared/api-client.ts';

/** Who a CPF would send a ticket to, or why that could not be told (`failed`, the text to show). */
export type TDestinationLookup = { cpf: string; answer: TTransferDestinationAnswer | null; failed: string };

/** One lookup's answer as shown: the API's own message for its refusals, `lookupError` otherwise. */
export function destinationLookup(
  cpf: string,
  answer: TApiResult<TTransferDestinationAnswer>,
  lookupError: string,
): TDestinationLookup {
  if (answer.ok) return { cpf, answer: answer.body, failed: '' };
  return { cpf, answer: null, failed: answer.kind === 'http' ? answer.message : lookupError };
}

/**
 * The transfer's destination for a typed CPF, for both places a ticket is sent from (checkout's
 * transfer fields, the ticket's transfer form): looked up half a second after the typing stops,
 * once `ready` (eleven valid digits). Null while the CPF on screen has no answer yet.
 */
export function useDestinationLookup(cpf: string, ready: boolean, lookupError: string) {
  const [lookup, setLookup] = useState<TDestinationLookup | null>(null);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(async () => {
      const answer = await api('transferDestination', { query: { cpf } });
      setLookup(destinationLookup(cpf, answer, lookupError));
    }, 500);
    return () => clearTimeout(timer);
  }, [cpf, ready, lookupError]);
  return lookup?.cpf === cpf ? lookup : null;
}
