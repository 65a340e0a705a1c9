/** An address found by postal code (CEP). */
export type TPostalAddress = {
  cep: string;
  street: string;
  neighborhood: string;
  city: string;
  uf: string;
  cityIBGE: number | null;
};

export type TPostalCodeLookup = {
  provider: 'local' | 'viacep';
  /** 8 digits in; null when the code does not exist. Throws when the service cannot be reached. */
  lookup(cep: string): Promise<TPostalAddress | null>;
};
