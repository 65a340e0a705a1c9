/** What a card payment sends: the gateway's token, the installments and what the gateway told of the card. */
export type TCardToken = { token: string; installments: number; paymentMethodId?: string; issuerId?: string };

/**
 * Tokenizes the card in the gateway's form. A field's own error is shown under that field by the
 * gateway's form; others go to `onMessage`. Null when the form refused.
 */
export async function cardToken(
  installments: number,
  onMessage: (text: string) => void,
): Promise<TCardToken | null> {
  const made = await window.BilhetoCardForm!.createToken().catch((e: Error & { field?: string }) => {
    if (!e.field) onMessage(e.message);
    return null;
  });
  if (!made) return null;
  return {
    token: made.token,
    installments,
    ...(made.brand ? { paymentMethodId: made.brand } : {}),
    ...(made.issuerId ? { issuerId: made.issuerId } : {}),
  };
}
