import { isEmail } from './documents.ts';

export const NAME_MAX = 120;

/**
 * Spec §5: first and last name, i.e. somewhere in the name a word of at least 2 letters, an
 * optional comma, then a second word of 3 to 20 letters ("Jo da Silva" passes on "da Silva").
 */
const FIRST_AND_LAST = /(?:^|\s)\p{L}{2,},?\s+\p{L}{3,20}(?=\s|$)/u;

export type TNameProblem = 'required' | 'email' | 'fullName' | 'tooLong' | 'characters';

export function nameProblem(value: string): TNameProblem | null {
  const name = value.trim();
  if (!name) return 'required';
  if (name.length > NAME_MAX) return 'tooLong';
  if (isEmail(name) || name.includes('@')) return 'email';
  // Control characters (a NUL byte, a line break) belong in no name, and databases refuse some.
  if (/\p{Cc}/u.test(name)) return 'characters';
  if (!FIRST_AND_LAST.test(name)) return 'fullName';
  return null;
}

/** The greeting's 'Ola, {first name}'. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}
