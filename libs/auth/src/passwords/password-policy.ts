import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The password rule (NIST SP 800-63B §5.1.1.2), one place for the API and the command
 * line: 10 to 128 characters (no composition rules), not the user's email, not only whitespace,
 * no control characters, and not guessable: zxcvbn-ts with its common-language package (about
 * 49 000 common and breached passwords, diceware words, keyboard patterns, repeats, sequences,
 * dates) must estimate at least 10^8 guesses (score 3 of 4), counting the user's own email and
 * name as known words. Every refusal says why.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn's "safely unguessable: moderate protection from an offline slow-hash scenario". */
export const PASSWORD_MIN_SCORE = 3;

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

let estimator: ZxcvbnFactory | undefined;
// Built on first use: loading the dictionaries costs some 100 ms and memory the app may not need.
const strength = (password: string, userInputs: string[]): ZxcvbnResult =>
  (estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs })).check(password, userInputs);

// zxcvbn's warning keys, in words.
const WARNINGS: Record<string, string> = {
  topTen: 'it is one of the most used passwords',
  topHundred: 'it is one of the most used passwords',
  common: 'it is a commonly used password',
  similarToCommon: 'it is too similar to a commonly used password',
  wordByItself: 'a single word is easy to guess',
  namesByThemselves: 'names on their own are easy to guess',
  commonNames: 'common names are easy to guess',
  userInputs: 'it is built from your email address or name',
  straightRow: 'it is a row of keys on the keyboard',
  keyPattern: 'it is a keyboard pattern',
  simpleRepeat: 'it repeats the same characters',
  extendedRepeat: 'it repeats the same group of characters',
  sequences: 'it is a simple sequence such as abc or 123',
  recentYears: 'it contains a recent year',
  dates: 'it contains a date',
  pwned: 'it appears in lists of breached passwords',
};

export interface PasswordOwner {
  email: string;
  name?: string;
}

/** Why the password is refused, as a sentence; undefined when it is acceptable. */
export function passwordProblem(password: string, owner: PasswordOwner): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
    return `The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`;
  }
  if (CONTROL_CHARACTERS.test(password)) return 'The password must not contain control characters';
  if (password.trim().length === 0) return 'The password must not consist only of spaces';
  if (password.trim().toLowerCase() === owner.email.toLowerCase()) return 'The password must not be the email address of the user';
  const userInputs = [owner.email, ...owner.email.split(/[@._+-]/), ...(owner.name ? owner.name.split(/\s+/) : [])].filter((word) => word.length >= 3);
  const result = strength(password, userInputs);
  if (result.score >= PASSWORD_MIN_SCORE) return undefined;
  const reason = (result.feedback.warning && WARNINGS[result.feedback.warning]) ?? 'it follows a pattern that is easy to guess';
  return `The password is too easy to guess: ${reason}. Use a longer phrase of unrelated words`;
}
