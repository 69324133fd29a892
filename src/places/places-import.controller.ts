import { Controller, HttpCode, Post, Query, UploadedFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { FileUploadBody } from '@app/http';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { SheetUpload, UploadedSheet } from '@app/sheets';
import { ImportPlacesQueryDto } from './dto/import-places-query.dto';
import { PlaceImportResultView } from './import/place-import-result.view';
import { PlaceImporter } from './import/place-importer.service';
import { readPlaceFile } from './import/read-place-file';

@ApiTags('places')
@Controller('places')
export class PlacesImportController {
  constructor(private readonly importer: PlaceImporter) {}

  /**
   * Imports places from a CSV file (header `name,lat,lng,radiusM,address,externalId,tags`, any
   * order, `;` between tags), a GeoJSON FeatureCollection of Points or Polygons, KML or KMZ (at
   * most 5 MB and 10 000 rows or features). A row whose `externalId` is a place's
   * updates it; a bad row is reported by number and never stops the others; `dryRun=true` writes nothing.
   */
  @Post('import')
  @Authenticated({ permission: Permission.Places })
  @HttpCode(200)
  @SheetUpload()
  @FileUploadBody('The places file: CSV, GeoJSON (FeatureCollection of Points or Polygons), KML or KMZ')
  @ApiOkResponse({ type: PlaceImportResultView, description: 'The counts of what was (or, in a dry run, would be) done, and every row refused' })
  @ApiBadRequestResponse({
    description:
      'No file, an unreadable or unsafe file (XML with a DOCTYPE, a truncated KMZ), an empty file, an unknown, repeated or missing column, no rows or more than 10 000, or a bad parameter (shape A)',
  })
  @ApiPayloadTooLargeResponse({ description: 'The file is over 5 MB (shape A)' })
  async import(
    @Auth() auth: AuthContext,
    @Query() query: ImportPlacesQueryDto,
    @UploadedFile() file: UploadedSheet | undefined,
  ): Promise<PlaceImportResultView> {
    return this.importer.import(auth, await readPlaceFile(file), { dryRun: query.dryRun === true });
  }
}
