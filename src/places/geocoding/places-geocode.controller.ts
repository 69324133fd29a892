import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadGatewayResponse, ApiBadRequestResponse, ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, Permission } from '@app/auth';
import { DomainException } from '@app/errors';
import { ConfiguredGeocoderClient, GeocoderError } from '@app/integrations';
import { GeocodeError } from './geocode-errors';
import { GeocodeMatchView } from './geocode-match.view';
import { GeocodeQueryDto } from './geocode-query.dto';

@ApiTags('places')
@Controller('geocode')
export class PlacesGeocodeController {
  constructor(private readonly geocoder: ConfiguredGeocoderClient) {}

  /**
   * Forward geocoding, to place a pin from an address: the matches of the geocoder of trip
   * addresses (`GEOCODER_URL`, Nominatim's `/search`), best first, at most 10; `[]` when it knows
   * none — or when no geocoder is configured, as trip addresses stay null without one.
   */
  @Get()
  @Authenticated({ permission: Permission.Places })
  @ApiOkResponse({ type: GeocodeMatchView, isArray: true, description: 'The matches, best first (at most 10)' })
  @ApiBadRequestResponse({ description: 'q missing, empty or over 200 characters, or an unknown parameter (shape A)' })
  @ApiBadGatewayResponse({ description: 'The geocoder answered an error or nothing in time (shape A)' })
  @ApiServiceUnavailableResponse({ description: 'The geocoder is busy (one request a second): try again in a moment (shape A)' })
  async search(@Query() query: GeocodeQueryDto): Promise<GeocodeMatchView[]> {
    try {
      return await this.geocoder.search(query.q);
    } catch (error) {
      if (!(error instanceof GeocoderError)) throw error;
      if (error.busy) throw new DomainException(GeocodeError.GEOCODER_UNAVAILABLE, 'The geocoder is busy (one request a second): try again in a moment');
      throw new DomainException(GeocodeError.GEOCODER_FAILED, `${error.message}: try again later`);
    }
  }
}
