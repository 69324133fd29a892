import { Body, Controller, Get, Headers, Param, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiExtraModels,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { ApiIdempotencyKey, CreatedRecord, FoundRecord, PagedBody, PagedResponse } from '@app/http';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { ListInspectionsQueryDto } from './dto/list-inspections.dto';
import { SubmitInspectionDto } from './dto/submit-inspection.dto';
import { QrScanService } from './scan/qr-scan.service';
import { InspectionQueriesService } from './submissions/inspection-queries.service';
import { InspectionSubmissionService } from './submissions/inspection-submission.service';
import { InspectionView, toInspectionView } from './submissions/inspection.view';
import { parseScanTarget } from './scan/scan-target';
import { AssetScanView, CodeScanView } from './scan/scan.view';

@ApiTags('inspections')
@ApiExtraModels(CodeScanView, AssetScanView)
@Controller('inspections')
export class InspectionsController {
  constructor(
    private readonly inspections: QrScanService,
    private readonly submissions: InspectionSubmissionService,
    private readonly queries: InspectionQueriesService,
  ) {}

  /**
   * Submits an inspection of an asset (by QR `code` or `assetId`) with a form that applies to it.
   * A critical answer opens a high-priority work order (category `inspection`) in the same
   * request: `data.workOrderId`.
   */
  @Post()
  @Authenticated({ permission: Permission.Inspections })
  @CreatedRecord(InspectionView, 'The stored inspection (with `workOrderId` when critical)')
  @ApiBadRequestResponse({
    description: 'Invalid body, a form that does not apply or is not active, answers that break field rules (shape A with the field errors)',
  })
  @ApiNotFoundResponse({ description: 'Code: `INSPECTION_QR_NOT_FOUND` (shape E). Asset id: `Asset not found` (shape A)' })
  @ApiGoneResponse({ description: '`INSPECTION_QR_REVOKED` (shape E): the QR was replaced' })
  @ApiIdempotencyKey(
    'Makes a retry safe: the same key (per inspector) with the same submission answers the inspection stored (201), never a second one, even after a crash or a time-out',
  )
  @ApiConflictResponse({ description: '`CONFLICT` (shape A): the Idempotency-Key was used for another submission' })
  submit(
    @Auth() auth: AuthContext,
    @Body() body: SubmitInspectionDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<InspectionView> {
    return this.submissions.submit(auth, body, idempotencyKey);
  }

  /** The client's inspections of assets within the caller's trackers, newest first, filtered; cursor pages. */
  @Get()
  @Authenticated({ permission: Permission.Inspections })
  @PagedResponse(InspectionView)
  @ApiBadRequestResponse({ description: 'Unknown filter, bad value or cursor (shape A)' })
  async list(@Auth() auth: AuthContext, @Query() query: ListInspectionsQueryDto): Promise<PagedBody<InspectionView>> {
    return PagedBody.of(await this.queries.list(auth, query), (inspection) => toInspectionView(inspection));
  }

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

  /** One inspection, with the form's fields as they were in the version it answered. */
  @Get(':id')
  @Authenticated({ permission: Permission.Inspections })
  @FoundRecord(InspectionView, "Unknown inspection, another client's, or of an asset outside your trackers (shape A)")
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<InspectionView> {
    return this.queries.get(auth, id);
  }
}
