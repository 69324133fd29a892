/** The languages the platform writes to people in: Chilean Spanish (the default) and English. */
export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Spanish: the home market's, the demo clients', and every address that is not a user's. */
export const DEFAULT_LANGUAGE: Language = 'es';

/**
 * The language of what goes to a client's systems (the webhooks' `summary`): a webhook is read by
 * the client's software and staff, not by one user, and a client has no language of its own yet —
 * so the platform's default, as for its demo clients.
 */
export const CLIENT_LANGUAGE: Language = DEFAULT_LANGUAGE;

/** A text in every language, for what one write serves to readers of both (an inbox entry). */
export type InEveryLanguage<T> = Record<Language, T>;

export const inEveryLanguage = <T>(make: (lang: Language) => T): InEveryLanguage<T> => ({ es: make('es'), en: make('en') });

/** The language asked for when it is one of ours, else the default (a stored value from before, a typo). */
export const languageOr = (value: unknown): Language => ((LANGUAGES as readonly unknown[]).includes(value) ? (value as Language) : DEFAULT_LANGUAGE);
