import { Body, Controller, Get, HttpCode, Param, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreatedRecord, PagedBody, PagedList } from '@app/http';
import { ListQrCodesDto, QrLabelQueryDto, QrLabelSheetDto } from '../dto/qr-label.dto';
import { AssetQrCodeView } from './asset-qr-code.view';
import { AssetQrCodesService } from './asset-qr-codes.service';
import type { LabelFile } from './qr-label.renderer';

const binary = (...types: string[]) => Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));

function download(file: LabelFile, disposition: 'inline' | 'attachment'): StreamableFile {
  return new StreamableFile(file.body, { type: file.contentType, length: file.body.length, disposition: `${disposition}; filename="${file.fileName}"` });
}

@ApiTags('assets')
@Controller('assets')
export class AssetQrCodesController {
  constructor(private readonly qrCodes: AssetQrCodesService) {}

  /** One A4 PDF sheet of QR labels (3 × 4 per page, dashed cut lines) for 1 to 200 assets; an asset without a valid code gets one issued. */
  @Post('qr-labels')
  @Authenticated({ permission: Permission.Assets })
  @HttpCode(200)
  @ApiOkResponse({ description: 'The sheet, as an attachment (`etiquetas-qr.pdf`)', content: binary('application/pdf') })
  @ApiBadRequestResponse({ description: "Invalid body, or an asset that is unknown, another client's, outside the caller's trackers or archived (shape A)" })
  async sheet(@Auth() auth: AuthContext, @Body() body: QrLabelSheetDto): Promise<StreamableFile> {
    return download(await this.qrCodes.sheet(auth, body.assetIds), 'attachment');
  }

  /** Issues a new inspection QR code for an asset; its previous valid code is revoked (scans of it answer 410). */
  @Post(':id/qr-codes')
  @Authenticated({ permission: Permission.Assets })
  @CreatedRecord(AssetQrCodeView, 'The new code')
  @ApiNotFoundResponse({ description: "Unknown, another client's or outside the caller's trackers (shape A)" })
  @ApiConflictResponse({ description: 'The asset is archived (shape A)' })
  issue(@Auth() auth: AuthContext, @Param('id') id: string): Promise<AssetQrCodeView> {
    return this.qrCodes.issue(auth, id);
  }

  /** The asset's QR codes, newest first, with their scan counts and last scans. */
  @Get(':id/qr-codes')
  @Authenticated({ permission: Permission.Assets })
  @PagedList(AssetQrCodeView)
  @ApiNotFoundResponse({ description: "Unknown, another client's or outside the caller's trackers (shape A)" })
  list(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: ListQrCodesDto): Promise<PagedBody<AssetQrCodeView>> {
    return this.qrCodes.list(auth, id, query);
  }

  /** The printable label of a valid code: the QR of `{APP_URL}/qr/i/{code}`, the code as `XXXX-XXXX`, the asset's name and plate. */
  @Get(':id/qr-codes/:code/label')
  @Authenticated({ permission: Permission.Assets })
  @ApiOkResponse({ description: 'The label (`?format=png` default, `svg`, `pdf`)', content: binary('image/png', 'image/svg+xml', 'application/pdf') })
  @ApiBadRequestResponse({ description: 'Unknown format or parameter (shape A)' })
  @ApiNotFoundResponse({ description: 'Unknown asset or code, or a code of another asset (shape A)' })
  @ApiConflictResponse({ description: 'The code was revoked, or the asset is archived (shape A)' })
  async label(@Auth() auth: AuthContext, @Param('id') id: string, @Param('code') code: string, @Query() query: QrLabelQueryDto): Promise<StreamableFile> {
    return download(await this.qrCodes.label(auth, id, code, query.format ?? 'png'), 'inline');
  }
}
