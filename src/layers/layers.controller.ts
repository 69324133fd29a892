import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, UploadedFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import {
  CreatedRecord,
  DeletedRecord,
  DeletedView,
  FileUploadBody,
  FoundRecord,
  PagedBody,
  PagedList,
  SingleFileUpload,
  type UploadedFileBytes,
} from '@app/http';
import { CreateLayerDto } from './dto/create-layer.dto';
import { ImportLayerDto } from './dto/import-layer.dto';
import { LayerFeaturesQueryDto } from './dto/layer-features-query.dto';
import { ListLayersDto } from './dto/list-layers.dto';
import { UpdateLayerDto } from './dto/update-layer.dto';
import { LayerFeatures } from './layer-features.service';
import { LAYER_UPLOAD, LayerImport } from './layer-import.service';
import { FeatureCollectionView, LayerSummaryView, LayerView, toLayerSummaryView } from './layer.view';
import { LayersService } from './layers.service';

const NOT_FOUND = "Unknown or another client's layer (shape A)";

@ApiTags('layers')
@Controller('layers')
export class LayersController {
  constructor(
    private readonly layers: LayersService,
    private readonly importer: LayerImport,
    private readonly features: LayerFeatures,
  ) {}

  /** Creates a layer from a GeoJSON FeatureCollection (at most 10 000 features, 5 MB). */
  @Post()
  @Authenticated({ permission: Permission.Places })
  @CreatedRecord(LayerView, 'The new layer, with its features')
  @ApiBadRequestResponse({ description: 'Invalid body: a bad feature is named by its place ("feature 3: …") (shape A)' })
  @ApiConflictResponse({ description: 'The client already has 1 000 layers (shape A)' })
  @ApiPayloadTooLargeResponse({ description: 'The body is over 5 MB (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: CreateLayerDto): Promise<LayerView> {
    return this.layers.create(auth, { ...body, features: body.features.features });
  }

  /** Creates a layer from a GeoJSON, KML, KMZ or GPX file (docs/layers.md: formats and what is refused). */
  @Post('import')
  @Authenticated({ permission: Permission.Places })
  @HttpCode(201)
  @SingleFileUpload(LAYER_UPLOAD)
  @FileUploadBody('A GeoJSON, KML, KMZ or GPX file (at most 10 MB)', {
    name: { type: 'string', maxLength: 200, description: "The layer's name; default: the file's document name, else its file name" },
    description: { type: 'string', maxLength: 1000 },
    color: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$', example: '#6d4c41' },
  })
  @ApiCreatedResponse({ type: LayerView, description: 'The new layer, with the features read from the file' })
  @ApiBadRequestResponse({
    description:
      'No file or another field; an empty, damaged, truncated or unsafe file (a DOCTYPE, a zip bomb); a bad feature; over 10 000 features or 5 MB of GeoJSON (shape A)',
  })
  @ApiConflictResponse({ description: 'The client already has 1 000 layers (shape A)' })
  @ApiPayloadTooLargeResponse({ description: 'The file is over 10 MB (shape A)' })
  import(@Auth() auth: AuthContext, @UploadedFile() file: UploadedFileBytes | undefined, @Body() fields: ImportLayerDto): Promise<LayerView> {
    return this.importer.import(auth, file, fields);
  }

  /** The client's layers, newest first, without their features; `q` filters by name. */
  @Get()
  @Authenticated({ permission: Permission.Places })
  @PagedList(LayerSummaryView)
  async list(@Auth() auth: AuthContext, @Query() query: ListLayersDto): Promise<PagedBody<LayerSummaryView>> {
    return PagedBody.of(await this.layers.list(auth, query), toLayerSummaryView);
  }

  /** One layer, with its features. */
  @Get(':id')
  @Authenticated({ permission: Permission.Places })
  @FoundRecord(LayerView, NOT_FOUND)
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<LayerView> {
    return this.layers.get(auth, id);
  }

  /** The layer's features that meet a box (points in it, lines crossing it, polygons over it), in the layer's order. */
  @Get(':id/features')
  @Authenticated({ permission: Permission.Places })
  @ApiOkResponse({ type: FeatureCollectionView })
  @ApiBadRequestResponse({ description: 'bbox missing or not four numbers in range with min below max (shape A)' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  featuresInBox(@Auth() auth: AuthContext, @Param('id') id: string, @Query() query: LayerFeaturesQueryDto): Promise<FeatureCollectionView> {
    return this.features.inBox(auth, id, query.bbox);
  }

  /** Changes a layer; `features` replaces all of them. */
  @Patch(':id')
  @Authenticated({ permission: Permission.Places })
  @ApiOkResponse({ type: LayerView })
  @ApiBadRequestResponse({ description: 'Invalid body, or nothing to change (shape A)' })
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiPayloadTooLargeResponse({ description: 'The body is over 5 MB (shape A)' })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateLayerDto): Promise<LayerView> {
    return this.layers.update(auth, id, body);
  }

  /** Deletes a layer. */
  @Delete(':id')
  @Authenticated({ permission: Permission.Places })
  @DeletedRecord(NOT_FOUND)
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.layers.delete(auth, id);
  }
}
