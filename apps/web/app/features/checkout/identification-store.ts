import { cpfsOfHolders, holdersOfCpfs, type THolder } from '@ingressos/contracts';

/** The identification chosen on /identificacao, carried to /pagamento in this tab only. */
export type TStoredIdentification = {
  cartId: string;
  /** Per cart item (its position), its units' holders. */
  entries: { indexItem: number; holders: THolder[] }[];
  transfers: { indexItem: number; destinationCpf: string }[];
  /** Issue 36: per half-price item, each unit's claim (category, document, birth date when by age). */
  halfPrice?: { indexItem: number; claims: THalfPriceClaimSent[] }[];
};

export type THalfPriceClaimSent = {
  category: string;
  documentNumber?: string;
  documentIssuer?: string;
  documentValidUntil?: string;
  birthDate?: string;
};

const KEY = 'bilheto.identification';

export function saveIdentification(value: TStoredIdentification) {
  sessionStorage.setItem(KEY, JSON.stringify(value));
}

/** What /identificacao stored for this cart, or null when the buyer has not been through it. */
export function readIdentification(cartId: string): Omit<TStoredIdentification, 'cartId'> | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as TStoredIdentification | null;
    if (stored?.cartId !== cartId) return null;
    // A tab that stored CPFs before holders existed ({ indexItem, cpfs }).
    const entries = stored.entries.map((entry) => {
      const older = entry as { indexItem: number; holders?: THolder[]; cpfs?: string[] };
      return { indexItem: entry.indexItem, holders: older.holders ?? holdersOfCpfs(older.cpfs ?? []) };
    });
    return { entries, transfers: stored.transfers ?? [], halfPrice: stored.halfPrice ?? [] };
  } catch {
    return null;
  }
}

/**
 * The payment calls' `identificationTickets` (the spec's "Identification entry": CPFs per item).
 * Issue 36: a half-price item carries its units' claims in `halfPrice`, in the units' order (the
 * k-th claim is the k-th CPF's); an item that asks no CPF still goes, with no CPFs, for its claims.
 */
export function identificationTicketsOf(
  identification: Pick<TStoredIdentification, 'entries' | 'halfPrice'> | null | undefined,
) {
  const claims = new Map((identification?.halfPrice ?? []).map((entry) => [entry.indexItem, entry.claims]));
  const entries = identification?.entries ?? [];
  const items = [...new Set([...entries.map((entry) => entry.indexItem), ...claims.keys()])].sort(
    (a, b) => a - b,
  );
  return items.map((indexItem) => {
    const holders = entries.find((entry) => entry.indexItem === indexItem)?.holders ?? [];
    const halfPrice = claims.get(indexItem);
    return { indexItem, cpfs: cpfsOfHolders(holders), ...(halfPrice?.length ? { halfPrice } : {}) };
  });
}
