/** The identification chosen on /identificacao, carried to /pagamento in this tab only. */
export type TStoredIdentification = {
  cartId: string;
  entries: { indexItem: number; cpfs: string[] }[];
  transfers: { indexItem: number; destinationCpf: string }[];
};

const KEY = 'bilheto.identification';

export function saveIdentification(value: TStoredIdentification) {
  sessionStorage.setItem(KEY, JSON.stringify(value));
}

/** What /identificacao stored for this cart, or null when the buyer has not been through it. */
export function readIdentification(cartId: string): Omit<TStoredIdentification, 'cartId'> | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as TStoredIdentification | null;
    return stored?.cartId === cartId ? { entries: stored.entries, transfers: stored.transfers ?? [] } : null;
  } catch {
    return null;
  }
}
