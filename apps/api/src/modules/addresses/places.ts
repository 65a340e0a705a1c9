import {
  getMunicipalities,
  getMunicipalityByCode,
  getStateByIbgeCode,
  getStates,
} from '@brazilian-utils/brazilian-utils';
import type { TCity, TState } from '@ingressos/contracts/accounts';

/**
 * The 27 states and 5,571 municipalities of IBGE, shipped inside @brazilian-utils (no network).
 * The spec's StateID and CityID are the IBGE codes themselves.
 */
let states: TState[] | undefined;

export function listStates(): TState[] {
  states ??= getStates()
    .map((state) => ({ StateID: state.ibgeCode, Name: state.name, IdIBGE: state.ibgeCode, UF: state.code }))
    .sort((a, b) => a.Name.localeCompare(b.Name, 'pt-BR'));
  return states;
}

/** The state by IBGE code (35) or by its letters (SP, sp). */
export function findState(key: string) {
  if (/^\d{1,2}$/.test(key)) return getStateByIbgeCode(Number(key));
  return getStates().find((state) => state.code === key.toUpperCase()) ?? null;
}

export function listCities(stateIbge: number): TCity[] | null {
  const state = getStateByIbgeCode(stateIbge);
  if (!state) return null;
  return getMunicipalities(state.code).map((city) => ({ CityID: Number(city.code), Name: city.name }));
}

/** 'ok' when the city is in the state, else which of the two is wrong. */
export function cityInState(stateIbge: number, cityIbge: number): 'ok' | 'state' | 'city' {
  const state = getStateByIbgeCode(stateIbge);
  if (!state) return 'state';
  const city = getMunicipalityByCode(cityIbge);
  return city && city.stateCode === state.code ? 'ok' : 'city';
}

const REGION_IDS: Record<string, number> = { N: 1, NE: 2, SE: 3, S: 4, CO: 5 };

/** The IBGE localidades shape: GET api/v1/localidades/estados?orderBy=nome */
export function ibgeStates() {
  return getStates()
    .map((state) => ({
      id: state.ibgeCode,
      sigla: state.code,
      nome: state.name,
      regiao: { id: REGION_IDS[state.regionCode] ?? 0, sigla: state.regionCode, nome: state.regionName },
    }))
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
}

/** GET api/v1/localidades/estados/{uf}/municipios */
export function ibgeMunicipalities(key: string) {
  const state = findState(key);
  if (!state) return null;
  return getMunicipalities(state.code).map((city) => ({ id: Number(city.code), nome: city.name }));
}
