import { isValidCpf, stripCpfMask } from './cpf.ts';

export type TTransferEntryProblem = 'invalid' | 'self' | 'repeated' | 'too_many';

/**
 * §5 transfer entries (sending a ticket of the purchase to another CPF's account): each CPF is
 * valid, never the buyer's own, used once ('A CPF for transfer cannot be used twice': the first use
 * is fine, the later ones are repeated), and an item sends at most as many tickets as it has
 * (`quantities[indexItem]`, when known). Answers each entry's problem, or null, in order. The
 * identification page and the payment API both ask here.
 */
export function transferEntryProblems(
  entries: readonly { destinationCpf: string; indexItem: number }[],
  context: { buyerCpf: string; quantities?: readonly number[] },
): (TTransferEntryProblem | null)[] {
  const seen = new Set<string>();
  const perItem = new Map<number, number>();
  return entries.map((entry) => {
    const cpf = stripCpfMask(entry.destinationCpf);
    const quantity = context.quantities?.[entry.indexItem];
    if (!isValidCpf(cpf) || (context.quantities && quantity === undefined)) return 'invalid';
    if (cpf === context.buyerCpf) return 'self';
    if (seen.has(cpf)) return 'repeated';
    seen.add(cpf);
    const n = (perItem.get(entry.indexItem) ?? 0) + 1;
    perItem.set(entry.indexItem, n);
    return quantity !== undefined && n > quantity ? 'too_many' : null;
  });
}
