import { Controller, HttpCode, Post, Query, UploadedFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiPayloadTooLargeResponse, ApiTags } from '@nestjs/swagger';
import { FileUploadBody } from '@app/http';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { SheetUpload, UploadedSheet } from '@app/sheets';
import { ImportTasksQueryDto } from './dto/import-tasks-query.dto';
import { TaskImportResultView } from './import/task-import-result.view';
import { readTaskFile } from './import/task-import-rows';
import { TaskImporter } from './import/task-importer.service';

@ApiTags('tasks')
@Controller('tasks')
export class TasksImportController {
  constructor(private readonly importer: TaskImporter) {}

  /**
   * Imports tasks from a CSV or .xlsx file with a header row (at most 5 MB and 10 000 rows):
   * columns `title`, `placeId` or `placeExternalId` (or `lat`, `lng`, `radiusM`), `windowFrom`,
   * `windowTo`, `serviceMinutes`, `assetPlate`, `driverRut`, `externalId`, `priority`,
   * `description`, in any order; other columns are ignored. A row whose `externalId` is a task's
   * updates it; a bad row is reported by number and never stops the others; `dryRun=true` writes nothing.
   */
  @Post('import')
  @Authenticated({ permission: Permission.Tasks })
  @HttpCode(200)
  @SheetUpload()
  @FileUploadBody('The tasks file: CSV or .xlsx')
  @ApiOkResponse({ type: TaskImportResultView, description: 'The counts of what was (or, in a dry run, would be) done, and every row refused' })
  @ApiBadRequestResponse({ description: 'No file, an unreadable file, a missing required column, no rows or more than 10 000, or a bad parameter (shape A)' })
  @ApiPayloadTooLargeResponse({ description: 'The file is over 5 MB (shape A)' })
  async import(@Auth() auth: AuthContext, @Query() query: ImportTasksQueryDto, @UploadedFile() file: UploadedSheet | undefined): Promise<TaskImportResultView> {
    return this.importer.import(auth, await readTaskFile(file), { dryRun: query.dryRun === true });
  }
}
