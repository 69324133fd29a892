import { Controller, Get, HttpCode, Param, Post, StreamableFile, UploadedFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { FileUploadBody } from '@app/http';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { ReceivedFile, UploadFile } from './upload-file.interceptor';
import { UPLOAD_FILE_TYPES } from './upload-file-types';
import { UploadView } from './upload.view';
import { UploadsService } from './uploads.service';

@ApiTags('uploads')
@Controller('uploads')
export class UploadsController {
  constructor(private readonly uploads: UploadsService) {}

  /**
   * Stores a photo or document for a `file` answer (JPEG, PNG, WebP, HEIC or PDF, told by its
   * content; at most `UPLOAD_MAX_BYTES`, 10 MB by default). Put the answered `id` in the answer;
   * an upload no inspection or work-order form names within 24 h is removed.
   */
  @Post()
  @Authenticated({ permission: Permission.Inspections })
  @HttpCode(201)
  @UploadFile()
  @FileUploadBody('The photo or document')
  @ApiCreatedResponse({ type: UploadView })
  @ApiBadRequestResponse({ description: 'No file, an empty file, several files, another field, a broken multipart body (shape A)' })
  @ApiPayloadTooLargeResponse({ description: 'The file is over UPLOAD_MAX_BYTES (shape A)' })
  @ApiUnsupportedMediaTypeResponse({ description: '`UPLOAD_TYPE_UNSUPPORTED`: the content is not JPEG, PNG, WebP, HEIC or PDF (shape A)' })
  upload(@Auth() auth: AuthContext, @UploadedFile() file: ReceivedFile | undefined): Promise<UploadView> {
    return this.uploads.store(auth, file);
  }

  /** The uploaded file, as detected (`Content-Type`), as an attachment. */
  @Get(':id')
  @Authenticated({ permission: Permission.Inspections })
  @ApiOkResponse({
    description: 'The file',
    content: Object.fromEntries(UPLOAD_FILE_TYPES.map((type) => [type.contentType, { schema: { type: 'string', format: 'binary' } }])),
  })
  @ApiNotFoundResponse({ description: "Unknown upload, malformed id, or another client's (shape A)" })
  async download(@Auth() auth: AuthContext, @Param('id') id: string): Promise<StreamableFile> {
    const { upload, body } = await this.uploads.open(auth, id);
    return new StreamableFile(body, {
      type: upload.contentType,
      length: upload.size,
      disposition: `attachment; filename="${upload.filename}"`,
    }).setErrorHandler((_error, res) => void res.destroy?.());
  }
}
