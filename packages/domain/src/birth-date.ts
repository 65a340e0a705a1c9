import { NATIONALITY, type TNationality } from './account.ts';

export const ADULT_AGE = 18;
const BRAZILIAN = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

function isoOf(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  if (!real || year < 1900) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Made once: building an Intl formatter costs more than formatting with it. */
const BRAZIL_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/** Today in Brazil's official time, as YYYY-MM-DD. */
export function todayIso(now: Date = new Date()): string {
  return BRAZIL_DAY.format(now);
}

/**
 * Spec §5: DD/MM/YYYY for Brazilians, YYYY-MM-DD for others; a real date, before today.
 * Returns the ISO date or null.
 */
export function parseBirthDate(
  input: string,
  nationality: TNationality,
  today: string = todayIso(),
): string | null {
  const match = (nationality === NATIONALITY.brazilian ? BRAZILIAN : ISO).exec(input.trim());
  if (!match) return null;
  const [, a, b, c] = match.map(Number) as [number, number, number, number];
  const iso = nationality === NATIONALITY.brazilian ? isoOf(c, b, a) : isoOf(a, b, c);
  return iso && iso < today ? iso : null;
}

/** Whole years between an ISO birth date and an ISO day. */
export function ageOn(birthIso: string, dayIso: string): number {
  const [by, bm, bd] = birthIso.split('-').map(Number) as [number, number, number];
  const [y, m, d] = dayIso.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export function isMinor(birthIso: string, today: string = todayIso()): boolean {
  return ageOn(birthIso, today) < ADULT_AGE;
}

/** Formats what has been typed so far as DD/MM/YYYY. */
export function maskBrazilianDate(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 8);
  if (d.length <= 2) return d;
  if (d.length <= 4) return `${d.slice(0, 2)}/${d.slice(2)}`;
  return `${d.slice(0, 2)}/${d.slice(2, 4)}/${d.slice(4)}`;
}

/** An ISO date shown the way each nationality types it. */
export function formatBirthDate(iso: string, nationality: TNationality): string {
  if (nationality !== NATIONALITY.brazilian) return iso;
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}
