import type { TPostalCodeLookup } from './postal-code.ts';

type TViaCepAnswer = {
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  ibge?: string;
  erro?: boolean | string;
};

/** ViaCEP (https://viacep.com.br/ws/{cep}/json/): `erro: true` means no such code. */
export function createViaCep(baseUrl: string, send: typeof fetch = fetch): TPostalCodeLookup {
  return {
    provider: 'viacep',
    async lookup(cep) {
      const response = await send(`${baseUrl.replace(/\/$/, '')}/${cep}/json/`, {
        signal: AbortSignal.timeout(5_000),
      });
      if (response.status === 400) return null;
      if (!response.ok) throw new Error(`ViaCEP answered ${response.status}`);
      const answer = (await response.json()) as TViaCepAnswer;
      if (answer.erro) return null;
      return {
        cep,
        street: answer.logradouro ?? '',
        neighborhood: answer.bairro ?? '',
        city: answer.localidade ?? '',
        uf: answer.uf ?? '',
        cityIBGE: answer.ibge ? Number(answer.ibge) : null,
      };
    },
  };
}
