import { Body, Controller, Get, HttpCode, Param, Post, Query, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiConsumes, ApiOkResponse, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { ErrorShapeOf } from '@app/http';
import { DriverImportResultView } from './driver-import-result.view';
import { DriverView } from './driver.view';
import { DriversService } from './drivers.service';
import { ImportDriversDto } from './dto/import-drivers.dto';
import { DriversImportService } from './import/drivers-import.service';
import { TemplateQueryDto } from './dto/template-query.dto';
import { DriverImportPreviewService } from './preview/driver-import-preview.service';
import { DriverImportPreviewView } from './preview/driver-preview.view';
import { driverSheetTemplate, TEMPLATE_CONTENT_TYPES } from './preview/driver-sheet-template';
import { SheetUpload, UploadedSheet } from './preview/sheet-upload.interceptor';

@ApiTags('drivers')
@Controller('drivers')
export class DriversController {
  constructor(
    private readonly drivers: DriversService,
    private readonly importer: DriversImportService,
    private readonly previewer: DriverImportPreviewService,
  ) {}

  /**
   * Reads a driver sheet (.xlsx or CSV, at most 5 MB and 1000 rows, told apart by content) and
   * answers the import rows it holds, normalized, with every problem by row and field. Nothing
   * is written: post `rows` unchanged to `POST /api/drivers/import` to create the drivers.
   */
  @Post('import/preview')
  @Authenticated({ permission: Permission.Drivers })
  @HttpCode(200)
  @SheetUpload()
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: 'The .xlsx or .csv sheet' } } },
  })
  @ApiOkResponse({ type: DriverImportPreviewView })
  @ApiBadRequestResponse({ description: 'No file, several files, a damaged or unreadable file, no header row or a required column missing, no rows or over 1000 (shape A)' })
  @ApiPayloadTooLargeResponse({ description: 'The file is over 5 MB (shape A)' })
  preview(@Auth() auth: AuthContext, @UploadedFile() file: UploadedSheet | undefined): Promise<DriverImportPreviewView> {
    return this.previewer.preview(auth, file);
  }

  /** The sheet to fill in: the header row and one example row, as `.xlsx` (default) or `.csv`. */
  @Get('import/template')
  @Authenticated({ permission: Permission.Drivers })
  @ApiOkResponse({
    description: 'The template, as an attachment (`plantilla-conductores.xlsx|csv`)',
    content: Object.fromEntries(Object.values(TEMPLATE_CONTENT_TYPES).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiBadRequestResponse({ description: 'A format other than xlsx or csv, or an unknown parameter (shape A)' })
  async template(@Query() query: TemplateQueryDto): Promise<StreamableFile> {
    const file = await driverSheetTemplate(query.format ?? 'xlsx');
    return new StreamableFile(file.body, { type: file.contentType, disposition: `attachment; filename="${file.fileName}"`, length: file.body.length });
  }

  /**
   * Creates the drivers confirmed in a preview. Every row is normalized and validated again;
   * valid rows are created, rejected rows come back in `failedRows` with a reason.
   */
  @Post('import')
  @Authenticated({ permission: Permission.Drivers, bearerOnly: true })
  @ErrorShapeOf('C')
  @HttpCode(201)
  import(@Auth() auth: AuthContext, @Body() body: ImportDriversDto): Promise<DriverImportResultView> {
    return this.importer.import(auth, body.rows);
  }

  /** One driver of the caller's client. */
  @Get(':id')
  @Authenticated()
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DriverView> {
    return this.drivers.get(auth, id);
  }
}
