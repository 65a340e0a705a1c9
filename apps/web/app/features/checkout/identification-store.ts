/** The identification chosen on /identificacao, carried to /pagamento in this tab only. */
export type TStoredIdentification = { cartId: string; entries: { indexItem: number; cpfs: string[] }[] };

const KEY = 'bilheto.identification';

export function saveIdentification(value: TStoredIdentification) {
  sessionStorage.setItem(KEY, JSON.stringify(value));
}

export function readIdentification(cartId: string): TStoredIdentification['entries'] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as TStoredIdentification | null;
    return stored?.cartId === cartId ? stored.entries : [];
  } catch {
    return [];
  }
}
