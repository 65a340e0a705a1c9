import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

type TQuote = { cotacaoCompra: number; cotacaoVenda: number; dataHoraCotacao: string };

export type TBcbPtaxStandIn = {
  /** The OData base, as BCB_PTAX_URL takes it. */
  url: string;
  /** Publishes a day's closing quote (day YYYY-MM-DD). */
  publish(day: string, compra: number, venda: number): void;
  /** The next `count` requests answer this status with no quote (a 503 of the service, say). */
  fail(status: number, count?: number): void;
  /** The days asked for, in the service's MM-DD-YYYY, in order. */
  asked: string[];
  close(): Promise<void>;
};

const PATH = '/olinda/servico/PTAX/versao/v1/odata/CotacaoDolarDia(dataCotacao=@dataCotacao)';

/**
 * A local stand-in for Banco Central do Brasil's PTAX open-data service (Olinda OData,
 * "CotacaoDolarDia"): `GET …/CotacaoDolarDia(dataCotacao=@dataCotacao)?@dataCotacao='MM-DD-YYYY'&$format=json`
 * answers `{"@odata.context": …, "value": [{cotacaoCompra, cotacaoVenda, dataHoraCotacao}]}` for a
 * published day and `{"value": []}` for any other (weekends, holidays, before 13:00). A request
 * without the quoted date or `$format=json` gets a 400, as a malformed OData query does there.
 */
export async function startBcbPtaxStandIn(): Promise<TBcbPtaxStandIn> {
  const quotes = new Map<string, TQuote>();
  const asked: string[] = [];
  let failures: { status: number; count: number } | null = null;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json;odata.metadata=minimal' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || decodeURIComponent(url.pathname) !== PATH)
      return send(404, { error: 'not found' });
    const day = /^'(\d{2})-(\d{2})-(\d{4})'$/.exec(url.searchParams.get('@dataCotacao') ?? '');
    if (!day || url.searchParams.get('$format') !== 'json')
      return send(400, { error: { code: '', message: 'bad query' } });
    asked.push(`${day[1]}-${day[2]}-${day[3]}`);
    if (failures && failures.count > 0) {
      failures.count -= 1;
      return send(failures.status, { error: 'unavailable' });
    }
    const quote = quotes.get(`${day[3]}-${day[1]}-${day[2]}`);
    send(200, {
      '@odata.context':
        'https://was-p.bcnet.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata$metadata#_CotacaoDolarDia',
      value: quote ? [quote] : [],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/olinda/servico/PTAX/versao/v1/odata`,
    publish(day, compra, venda) {
      quotes.set(day, { cotacaoCompra: compra, cotacaoVenda: venda, dataHoraCotacao: `${day} 13:04:28.117` });
    },
    fail(status, count = 1) {
      failures = { status, count };
    },
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
