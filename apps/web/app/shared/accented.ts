/**
 * The API answers some Portuguese messages as the spec writes them, without accents ('Evento nao
 * encontrado'), because a client may match that text (docs/decisions.md). The web shows them to
 * people with their accents: by the exact text, so English messages and any other pass unchanged.
 */
const ACCENTED: [RegExp, string][] = [
  [/^Evento nao encontrado$/, 'Evento não encontrado'],
  [/^Grupo de eventos nao encontrado$/, 'Grupo de eventos não encontrado'],
  [/^Carrinho nao encontrado$/, 'Carrinho não encontrado'],
  [/^Evento ja Realizado$/, 'Evento já realizado'],
  [/^Uma selecao obrigatoria nao foi preenchida\.$/, 'Uma seleção obrigatória não foi preenchida.'],
  [
    /^E possivel adicionar somente (\d+) ingressos por vez em seu carrinho, finalize essa compra e adquira mais ingressos em uma proxima\.$/,
    'É possível adicionar somente $1 ingressos por vez em seu carrinho. Finalize essa compra e adquira mais ingressos em uma próxima.',
  ],
];

export function accented(message: string): string {
  for (const [spec, shown] of ACCENTED) if (spec.test(message)) return message.replace(spec, shown);
  return message;
}
