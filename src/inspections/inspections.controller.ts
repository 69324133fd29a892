import { Controller, Get, Param } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExtraModels, ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { InspectionsService } from './inspections.service';
import { parseScanTarget } from './scan/scan-target';
import { AssetScanView, CodeScanView } from './scan/scan.view';

@ApiTags('inspections')
@ApiExtraModels(CodeScanView, AssetScanView)
@Controller('inspections')
export class InspectionsController {
  constructor(private readonly inspections: InspectionsService) {}

  /**
   * Resolves a scanned QR code (8 Crockford characters, any case, optional hyphen) to its QR,
   * asset and active forms, and records the scan; or an asset id (24 hex characters) to the
   * asset and its active forms. Anything else is 400 `INSPECTION_QR_INVALID`.
   */
  @Get('scan/:code')
  @Authenticated({ permission: Permission.Inspections })
  @ApiOkResponse({ description: 'Code scan or asset scan', schema: { anyOf: [{ $ref: getSchemaPath(CodeScanView) }, { $ref: getSchemaPath(AssetScanView) }] } })
  @ApiBadRequestResponse({ description: '`INSPECTION_QR_INVALID` (shape E): neither a code nor an asset id' })
  @ApiNotFoundResponse({ description: 'Code: `INSPECTION_QR_NOT_FOUND` (shape E). Asset id: shape A' })
  @ApiGoneResponse({ description: '`INSPECTION_QR_REVOKED` (shape E): the QR was replaced' })
  scan(@Auth() auth: AuthContext, @Param('code') path: string): Promise<CodeScanView | AssetScanView> {
    const target = parseScanTarget(path);
    return target.kind === 'code' ? this.inspections.scanCode(auth, target.code) : this.inspections.scanAsset(auth, target.assetId);
  }
}
