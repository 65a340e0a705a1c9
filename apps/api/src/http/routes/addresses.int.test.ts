import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../testing/test-app.ts';

describe('states, cities and postal codes (no network)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  const get = async <T>(path: string) => {
    const response = await t.request(path);
    return { status: response.status, body: (await response.json()) as T };
  };

  it('lists the 27 states with StateID, Name and IdIBGE, by name', async () => {
    const { body } = await get<{ StateID: number; Name: string; IdIBGE: number }[]>('/api/addresses/states');
    expect(body).toHaveLength(27);
    expect(body[0]).toMatchObject({ Name: 'Acre', IdIBGE: 12, StateID: 12 });
    expect(body.find((s) => s.Name === 'São Paulo')).toMatchObject({ StateID: 35, IdIBGE: 35 });
  });

  it('lists the cities of a state with CityID and Name', async () => {
    const { body } = await get<{ CityID: number; Name: string }[]>('/api/addresses/cities/35');
    expect(body).toHaveLength(645);
    expect(body).toContainEqual({ CityID: 3550308, Name: 'São Paulo' });
    expect((await t.request('/api/addresses/cities/99')).status).toBe(404);
    expect((await t.request('/api/addresses/cities/abc')).status).toBe(404);
  });

  it('serves the government geography shapes', async () => {
    const states = await get<{ id: number; sigla: string; nome: string }[]>(
      '/api/v1/localidades/estados?orderBy=nome',
    );
    expect(states.body).toHaveLength(27);
    expect(states.body[0]).toMatchObject({
      id: 12,
      sigla: 'AC',
      nome: 'Acre',
      regiao: { sigla: 'N', nome: 'Norte' },
    });
    const bySigla = await get<{ id: number; nome: string }[]>('/api/v1/localidades/estados/RJ/municipios');
    const byId = await get<{ id: number; nome: string }[]>('/api/v1/localidades/estados/33/municipios');
    expect(bySigla.body).toContainEqual({ id: 3304557, nome: 'Rio de Janeiro' });
    expect(byId.body).toEqual(bySigla.body);
    let total = 0;
    for (const state of states.body)
      total += (await get<unknown[]>(`/api/v1/localidades/estados/${state.sigla}/municipios`)).body.length;
    expect(total).toBe(5571);
  });

  it('looks postal codes up in the local fixture', async () => {
    expect(await get('/api/addresses/postal-code/01310-100')).toMatchObject({
      status: 200,
      body: { street: 'Avenida Paulista', city: 'São Paulo', uf: 'SP', cityIBGE: 3550308 },
    });
    expect(await get('/api/addresses/postal-code/99999999')).toMatchObject({
      status: 404,
      body: { Message: 'CEP não encontrado' },
    });
    expect(await get('/api/addresses/postal-code/123')).toMatchObject({
      status: 400,
      body: { Message: 'CEP inválido' },
    });
  });
});
