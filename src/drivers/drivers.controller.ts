import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, StreamableFile, UploadedFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiInternalServerErrorResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { ErrorShapeOf, FileUploadBody, FoundRecord, PagedBody, PagedResponse } from '@app/http';
import { SheetUpload, UploadedSheet } from '@app/sheets';
import { DriverImportResultView } from './driver-import-result.view';
import { ArchivedDriverView, DriverView, toDriverView } from './driver.view';
import { CreateDriverDto, UpdateDriverDto } from './dto/driver-fields.dto';
import { ListDriversQueryDto } from './dto/list-drivers-query.dto';
import { DriversService } from './drivers.service';
import { ImportDriversDto } from './dto/import-drivers.dto';
import { DriversImportService } from './import/drivers-import.service';
import { TemplateQueryDto } from './dto/template-query.dto';
import { DriverImportPreviewService } from './preview/driver-import-preview.service';
import { DriverImportPreviewView } from './preview/driver-preview.view';
import { driverSheetTemplate, TEMPLATE_CONTENT_TYPES } from './preview/driver-sheet-template';

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
  @FileUploadBody('The .xlsx or .csv sheet')
  @ApiOkResponse({ type: DriverImportPreviewView })
  @ApiBadRequestResponse({
    description: 'No file, several files, a damaged or unreadable file, no header row or a required column missing, no rows or over 1000 (shape A)',
  })
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
  @ApiBadRequestResponse({
    description:
      'Invalid rows (under 1 or over 1000, a field of the wrong type, an unknown field), each problem in `errors` (shape C); a malformed JSON body (shape A)',
  })
  @ApiInternalServerErrorResponse({ description: 'Internal error, without internals (shape C)' })
  @HttpCode(201)
  import(@Auth() auth: AuthContext, @Body() body: ImportDriversDto): Promise<DriverImportResultView> {
    return this.importer.import(auth, body.rows);
  }

  /** The client's drivers, newest first: active ones unless `status` asks for archived or all; `q` and `city` narrow them. */
  @Get()
  @Authenticated({ permission: Permission.Drivers })
  @PagedResponse(DriverView)
  @ApiBadRequestResponse({ description: 'An unknown parameter, a bad value or a cursor of another list (shape A)' })
  async list(@Auth() auth: AuthContext, @Query() query: ListDriversQueryDto): Promise<PagedBody<DriverView>> {
    return PagedBody.of(await this.drivers.list(auth, query), toDriverView);
  }

  /** Registers one driver with the import row's rules (RUT, email and phone normalized and checked). */
  @Post()
  @Authenticated({ permission: Permission.Drivers })
  @HttpCode(201)
  @ApiBadRequestResponse({ description: 'A missing or unknown field, a bad RUT, email or phone (shape A)' })
  @ApiConflictResponse({ description: 'The client already has a driver with this RUT, archived ones included (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateDriverDto): Promise<DriverView> {
    return this.drivers.create(auth, body);
  }

  /** Edits a driver; `null` clears an optional field, `archived: false` restores an archived driver. */
  @Patch(':id')
  @Authenticated({ permission: Permission.Drivers })
  @ApiBadRequestResponse({ description: 'An unknown or immutable field, a bad RUT, email or phone (shape A)' })
  @ApiNotFoundResponse({ description: "No such driver in the caller's client (shape A)" })
  @ApiConflictResponse({ description: 'Another driver of the client has this RUT (shape A)' })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateDriverDto): Promise<DriverView> {
    return this.drivers.update(auth, id, body);
  }

  /** Archives a driver (history refers to it): it leaves the list, keeps its RUT and can be restored. */
  @Delete(':id')
  @Authenticated({ permission: Permission.Drivers })
  @FoundRecord(ArchivedDriverView, "No such driver in the caller's client (shape A)")
  archive(@Auth() auth: AuthContext, @Param('id') id: string): Promise<ArchivedDriverView> {
    return this.drivers.archive(auth, id);
  }

  /** One driver of the caller's client. */
  @Get(':id')
  @Authenticated()
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DriverView> {
    return this.drivers.get(auth, id);
  }
}
