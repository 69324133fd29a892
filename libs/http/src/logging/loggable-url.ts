/** Query parameters that carry credentials by name (OAuth's `access_token`, API keys, passwords). */
const CREDENTIAL_PARAMETER = /^(access_token|token|api[_-]?key|key|password|secret|auth|authorization|session|sig|signature)$/i;
/** Our own credentials wherever they appear (a path segment — a report link's `rpt_` —, a parameter of another name). */
const OUR_TOKENS = /\b(sess|atk|rpt)_[A-Za-z0-9_-]+/g;

/**
 * The URL as written to logs: credentials that a client put in the URL are replaced by
 * `[REDACTED]`. The API never reads a credential from a URL (only the Authorization header and
 * the session cookie), but a client that tries should not leave a usable token in the log.
 */
export function loggableUrl(url: string): string {
  const queryStart = url.indexOf('?');
  const path = (queryStart < 0 ? url : url.slice(0, queryStart)).replace(OUR_TOKENS, '[REDACTED]');
  if (queryStart < 0) return path;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0];
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed escape: judged as written
      }
      return CREDENTIAL_PARAMETER.test(decoded) ? `${name}=[REDACTED]` : pair.replace(OUR_TOKENS, '[REDACTED]');
    })
    .join('&');
  return `${path}?${query}`;
}
