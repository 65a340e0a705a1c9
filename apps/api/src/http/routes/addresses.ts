import { Hono } from 'hono';
import type { TPostalCodeLookup } from '../../adapters/postal-code/index.ts';
import { fail } from '../../modules/accounts/messages.ts';
import { ibgeMunicipalities, ibgeStates, listCities, listStates } from '../../modules/addresses/places.ts';
import { endpoint } from '../endpoint.ts';
import type { TAppEnv } from '../env.ts';
import { notFoundJson } from '../errors.ts';

const DAY = 'public, max-age=86400';

/** States and cities (IBGE data shipped with the product) and the postal-code lookup. */
export function addressRoutes(postalCodes: TPostalCodeLookup) {
  return new Hono<TAppEnv>()
    .on(...endpoint('states', '/api'), (c) => {
      c.header('Cache-Control', DAY);
      return c.json(listStates());
    })
    .on(...endpoint('cities', '/api'), (c) => {
      const id = c.req.param('stateId');
      const cities = /^\d{1,2}$/.test(id) ? listCities(Number(id)) : null;
      if (!cities) return notFoundJson(c);
      c.header('Cache-Control', DAY);
      return c.json(cities);
    })
    .get('/v1/localidades/estados', (c) => {
      c.header('Cache-Control', DAY);
      return c.json(ibgeStates());
    })
    .get('/v1/localidades/estados/:uf/municipios', (c) => {
      const municipalities = ibgeMunicipalities(c.req.param('uf'));
      if (!municipalities) return notFoundJson(c);
      c.header('Cache-Control', DAY);
      return c.json(municipalities);
    })
    .get('/addresses/postal-code/:cep', async (c) => {
      const locale = c.get('locale');
      const cep = c.req.param('cep').replace(/\D/g, '');
      if (cep.length !== 8) throw fail('invalid_postal_code', 'postalCodeInvalid', locale);
      let address: Awaited<ReturnType<TPostalCodeLookup['lookup']>>;
      try {
        address = await postalCodes.lookup(cep);
      } catch (error) {
        c.get('log').warn('postal code lookup failed', { error });
        throw fail('postal_code_unavailable', 'postalCodeUnavailable', locale);
      }
      if (!address) throw fail('postal_code_not_found', 'postalCodeNotFound', locale);
      c.header('Cache-Control', DAY);
      return c.json(address);
    });
}
