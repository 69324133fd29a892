import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

/** A client of the Fleet Platform API: `client.GET('/api/assets', …)`, typed by the OpenAPI document. */
export type FleetClient = Client<paths>;

export interface FleetClientOptions extends ClientOptions {
  /** Origin of the API, e.g. `https://fleet.example.com`: the paths carry the `/api` prefix. */
  baseUrl: string;
  /**
   * A session token (`sess_…`, from `POST /api/auth/login`) or an API token (`atk_…`), sent as
   * `Authorization: Bearer`. Without it, a browser on the app's origin is authenticated by the
   * session cookie (pass `credentials: 'include'` when the app is served from another origin).
   */
  token?: string;
}

/**
 * The typed client: openapi-fetch over the generated `paths`, with the bearer token added to every
 * request. Answers are `{ data, error, response }`: `data` is the success body (`{status, data}`),
 * `error` the documented error body of that status (shapes A–E).
 */
export function createFleetClient({ token, ...options }: FleetClientOptions): FleetClient {
  const client = createClient<paths>(options);
  if (token) client.use(bearer(token));
  return client;
}

function bearer(token: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
  };
}

/** The document's schemas by name: `Schemas['AssetView']`, `Schemas['ErrorShapeA']`, … */
export type Schemas = components['schemas'];
