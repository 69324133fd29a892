import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiBody, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { BEARER_SCHEME, Public, RateLimitExempt } from '@app/auth';
import { badRequest } from '@app/errors';
import { IngestTokenGuard } from './ingest-token.guard';
import { IngestReportView } from './ingest-report.view';
import { TelemetryIngestor } from './telemetry-ingestor.service';

/** The route a flespi HTTP stream posts to, and its own body limit (src/app.setup.ts mounts the parser). */
export const INGEST_PATH = '/api/telemetry/flespi';
export const INGEST_BODY_LIMIT = '20mb';
export const MAX_INGEST_MESSAGES = 200_000;

@ApiTags('telemetry')
@Controller('telemetry')
export class TelemetryIngestController {
  constructor(private readonly ingestor: TelemetryIngestor) {}

  /**
   * The target of a flespi HTTP stream: a JSON array of flespi messages (up to 20 MB, 200 000
   * messages). Authenticated by a platform ingest token (`TELEMETRY_INGEST_TOKENS`), never a
   * user's credential. Answers once the batch is stored; re-sent messages count as duplicates.
   */
  @Post('flespi')
  @Public()
  @UseGuards(IngestTokenGuard)
  // A stream posts many batches a second from flespi's few addresses; its token is not guessable.
  @RateLimitExempt()
  @ApiBearerAuth(BEARER_SCHEME)
  @HttpCode(200)
  @ApiBody({
    schema: {
      type: 'array',
      maxItems: MAX_INGEST_MESSAGES,
      items: { type: 'object', additionalProperties: true },
      example: [
        {
          'device.id': 7100001,
          timestamp: 1767225600,
          'position.latitude': -33.45,
          'position.longitude': -70.66,
          'position.speed': 42,
          'engine.ignition.status': true,
        },
      ],
    },
  })
  @ApiBadRequestResponse({
    description: 'The body is not a JSON array, or holds more than 200 000 messages (shape A); malformed messages inside an array are counted, not refused',
  })
  @ApiPayloadTooLargeResponse({ description: 'The body is over 20 MB (shape A)' })
  ingest(@Body() body: unknown): Promise<IngestReportView> {
    if (!Array.isArray(body)) throw badRequest('The body must be a JSON array of flespi messages');
    if (body.length > MAX_INGEST_MESSAGES) throw badRequest(`At most ${MAX_INGEST_MESSAGES} messages per batch`);
    return this.ingestor.ingestMessages(body);
  }
}
