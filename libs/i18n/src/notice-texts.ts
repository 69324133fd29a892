import type { Language } from './language';

/** What a client's admins are told when a webhook endpoint is disabled after 3 days of failed deliveries. */
export function webhookDisabledTexts(endpoint: { id: string; url: string; description: string | null }, lang: Language): { title: string; body: string } {
  const name = endpoint.description || endpoint.url;
  const enable = `PATCH /api/webhook-endpoints/${endpoint.id} {"enabled": true}`;
  return lang === 'es'
    ? {
        title: `Webhook desactivado: ${name}`,
        body: `Todas las entregas a ${endpoint.url} fallaron durante 3 días y se detuvieron. Repare el receptor y vuelva a activar el endpoint (${enable}).`,
      }
    : {
        title: `Webhook disabled: ${name}`,
        body: `Every delivery to ${endpoint.url} failed for 3 days, and they stopped. Fix the receiver and enable the endpoint again (${enable}).`,
      };
}
