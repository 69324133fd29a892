/**
 * Text searches as escaped regexes: mongo-java-server has no `$text` (DESIGN.md), and a search
 * for `a.b` must find "a.b", not "axb".
 */

/** The text as a literal regular-expression source. */
export const escapeRegex = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The condition "contains the text, any case": scans, so for lists of hundreds of records. */
export const containsText = (text: string): { $regex: string; $options: 'i' } => ({ $regex: escapeRegex(text), $options: 'i' });

/** The condition "starts with the text" (case as stored): an index prefix on MongoDB. */
export const startsWithText = (text: string): { $regex: string } => ({ $regex: `^${escapeRegex(text)}` });
