import type { TPostalAddress, TPostalCodeLookup } from './postal-code.ts';

/** A few real postal codes, so the feature works with no internet. */
const FIXTURE: TPostalAddress[] = [
  {
    cep: '01310100',
    street: 'Avenida Paulista',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    uf: 'SP',
    cityIBGE: 3550308,
  },
  {
    cep: '20040020',
    street: 'Avenida Rio Branco',
    neighborhood: 'Centro',
    city: 'Rio de Janeiro',
    uf: 'RJ',
    cityIBGE: 3304557,
  },
  {
    cep: '30130010',
    street: 'Praça Sete de Setembro',
    neighborhood: 'Centro',
    city: 'Belo Horizonte',
    uf: 'MG',
    cityIBGE: 3106200,
  },
  {
    cep: '40020000',
    street: 'Avenida Sete de Setembro',
    neighborhood: 'Centro',
    city: 'Salvador',
    uf: 'BA',
    cityIBGE: 2927408,
  },
  {
    cep: '70040010',
    street: 'Esplanada dos Ministérios',
    neighborhood: 'Zona Cívico-Administrativa',
    city: 'Brasília',
    uf: 'DF',
    cityIBGE: 5300108,
  },
  {
    cep: '80010000',
    street: 'Rua XV de Novembro',
    neighborhood: 'Centro',
    city: 'Curitiba',
    uf: 'PR',
    cityIBGE: 4106902,
  },
  {
    cep: '90010150',
    street: 'Rua dos Andradas',
    neighborhood: 'Centro Histórico',
    city: 'Porto Alegre',
    uf: 'RS',
    cityIBGE: 4314902,
  },
];

export function createLocalPostalCodes(): TPostalCodeLookup {
  return {
    provider: 'local',
    async lookup(cep) {
      return FIXTURE.find((address) => address.cep === cep) ?? null;
    },
  };
}
