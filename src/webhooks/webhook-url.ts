/**
 * A webhook URL as a person typed it (creation, change of URL), refused where URL parsers read it
 * differently: spaces around it (the WHATWG parser drops them, other parsers do not), a backslash
 * (WHATWG reads it as `/`, so `http://127.0.0.1:3111\@93.184.215.14/` calls 127.0.0.1 where
 * another parser sees a user name and 93.184.215.14), and any user-name part, even an empty one
 * (`http://@host/`). Answers the problem, or null; the network guard's own rules come after.
 */
export function typedUrlProblem(typed: string): string | null {
  if (typed !== typed.trim()) return 'url must not begin or end with spaces';
  if (typed.includes('\\')) return 'url must not contain a backslash';
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(typed)?.[1];
  if (authority?.includes('@')) return 'url may not carry credentials';
  return null;
}

/**
 * What is stored: the WHATWG parser's serialization (lower-case scheme and host, IP addresses in
 * their canonical form, default port and dot segments dropped), the URL every delivery calls.
 */
export function normalizedUrl(typed: string): string {
  return new URL(typed).href;
}
