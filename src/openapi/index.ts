// Building and serving the OpenAPI document (used by the HTTP stack in app.setup.ts).
export { buildOpenApiDocument, DOCS_PATH, setupOpenApi } from './openapi.setup';
