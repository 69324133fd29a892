import { INestApplication, Logger } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { join } from 'node:path';
import { AppConfig } from '@app/config';
import { BEARER_SCHEME, COOKIE_SCHEME } from '@app/auth';
import { wrapSuccessSchemas } from './envelope-schemas';
import { applyDocumentConventions } from './document-conventions';
import { addErrorResponses } from './error-responses';
import { addRequestConstraints } from './request-constraints';
import { addPluginSuccessResponses } from './plugin-success-responses';
import { addExamples } from './examples';
import { addOperationLinks } from './operation-links';

/**
 * The OpenAPI document is generated from the code: DTO and response metadata come from the
 * Swagger plugin's generated `src/metadata.ts` (`npm run openapi:metadata`, run before build
 * and test), routes and security from the decorators.
 */
async function loadPluginMetadata(): Promise<void> {
  try {
    // A runtime path: the file is generated, not committed.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const generated = require(join(__dirname, '..', 'metadata')) as { default: Parameters<typeof SwaggerModule.loadPluginMetadata>[0] };
    await SwaggerModule.loadPluginMetadata(generated.default);
  } catch {
    new Logger('OpenAPI').warn('src/metadata.ts is missing: run `npm run openapi:metadata` for full DTO schemas');
  }
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const cookieName = app.get(AppConfig).sessionCookieName;
  const config = new DocumentBuilder()
    .setTitle('Fleet Platform API')
    .setDescription(
      'REST/JSON API of the GPS tracking and fleet-management platform. Successful answers are ' +
        '`{status: "success", data}`; errors follow shapes A–E of the specification.',
    )
    .setVersion('1.0.0')
    // Same origin as the document: the paths carry the `/api` prefix.
    .addServer('/')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'opaque: sess_… (session) or atk_… (API token)',
        description: 'An opaque token, not a JWT: a session token (`sess_…`, from login) or an API token (`atk_…`)',
      },
      BEARER_SCHEME,
    )
    .addCookieAuth(cookieName, { type: 'apiKey', in: 'cookie', name: cookieName }, COOKIE_SCHEME)
    .build();
  addPluginSuccessResponses(app);
  const document = wrapSuccessSchemas(SwaggerModule.createDocument(app, config));
  // Examples last: they illustrate the schemas as the steps before leave them.
  return addOperationLinks(addExamples(applyDocumentConventions(addErrorResponses(addRequestConstraints(document, app)))));
}

/** Swagger UI (HTML) and the document: `/api/docs`, `/api/docs-json`. */
export const DOCS_PATH = '/api/docs';

export async function setupOpenApi(app: INestApplication): Promise<void> {
  await loadPluginMetadata();
  SwaggerModule.setup(DOCS_PATH.slice(1), app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
    useGlobalPrefix: false,
  });
}
