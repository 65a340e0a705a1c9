import type { TExchangeRate, TExchangeRateSource } from './exchange-rate.ts';

/** Brazil has had no daylight saving time since 2019: its civil day is UTC−3 all year. */
const BRASILIA_OFFSET_MS = 3 * 60 * 60 * 1000;
/** The PTAX is published on business days only: a long holiday weekend is the longest gap. */
const DAYS_BACK = 10;

type TPtaxAnswer = { value?: { cotacaoCompra?: number; cotacaoVenda?: number; dataHoraCotacao?: string }[] };

/** 'MM-DD-YYYY', the date format of the PTAX service's parameters. */
function ptaxDay(day: Date): string {
  const iso = day.toISOString();
  return `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;
}

/**
 * Banco Central do Brasil's PTAX (open data, Olinda OData service "PTAX", v1):
 * `{base}/CotacaoDolarDia(dataCotacao=@dataCotacao)?@dataCotacao='MM-DD-YYYY'&$format=json` answers
 * `{value: [{cotacaoCompra, cotacaoVenda, dataHoraCotacao}]}` for a business day whose closing rate
 * is published (about 13:00 in Brasília), and `{value: []}` before that, on weekends and holidays;
 * so the client asks today (Brasília's day) and then each day before, up to DAYS_BACK. The selling
 * rate (cotacaoVenda) is used: what a buyer paying in dollars would be quoted.
 */
export function createBcbPtax(
  baseUrl: string,
  send: typeof fetch = fetch,
  now: () => number = Date.now,
): TExchangeRateSource {
  const base = baseUrl.replace(/\/$/, '');
  return {
    provider: 'bcb-ptax',
    async latest() {
      const today = now() - BRASILIA_OFFSET_MS;
      for (let back = 0; back < DAYS_BACK; back += 1) {
        const day = new Date(today - back * 86_400_000);
        const url = `${base}/CotacaoDolarDia(dataCotacao=@dataCotacao)?@dataCotacao='${ptaxDay(day)}'&$format=json`;
        const response = await send(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(5_000),
        });
        if (!response.ok) throw new Error(`PTAX answered ${response.status}`);
        const answer = (await response.json()) as TPtaxAnswer;
        const quote = answer.value?.at(-1);
        if (!quote) continue;
        const rate: TExchangeRate = {
          usdBrl: Number(quote.cotacaoVenda),
          date: String(quote.dataHoraCotacao ?? '').slice(0, 10),
        };
        if (!(rate.usdBrl > 0) || !/^\d{4}-\d{2}-\d{2}$/.test(rate.date))
          throw new Error('PTAX answered a quote without a rate or a date');
        return rate;
      }
      throw new Error(`PTAX has no quote in the last ${DAYS_BACK} days`);
    },
  };
}
