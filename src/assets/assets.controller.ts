import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, ChecksWriteAccess, Permission } from '@app/auth';
import { CreatedRecord, DeletedRecord, DeletedView, FoundRecord, PagedBody, PagedResponse } from '@app/http';
import { CreateAssetDto } from './dto/create-asset.dto';
import { ListAssetsDto } from './dto/list-assets.dto';
import { UpdateAssetDto } from './dto/update-asset.dto';
import { AssetView, toAssetView } from './asset.view';
import { AssetsService } from './assets.service';

@ApiTags('assets')
@Controller('assets')
export class AssetsController {
  constructor(private readonly assets: AssetsService) {}

  /** Creates an asset. */
  @Post()
  @ChecksWriteAccess('assets.create_without_tracker')
  @Authenticated({ permission: Permission.Assets })
  @CreatedRecord(AssetView, 'The new asset')
  @ApiBadRequestResponse({ description: 'Invalid body, unknown group or tracker (shape A)' })
  @ApiConflictResponse({ description: "The plate is another asset's, or the tracker is another asset's main tracker (shape A)" })
  create(@Auth() auth: AuthContext, @Body() body: CreateAssetDto): Promise<AssetView> {
    return this.assets.create(auth, body);
  }

  /** The client's assets within the caller's trackers, newest first; in service unless `archived=true`. */
  @Get()
  @Authenticated({ permission: Permission.Assets })
  @PagedResponse(AssetView)
  @ApiBadRequestResponse({ description: 'Unknown filter or bad value (shape A)' })
  async list(@Auth() auth: AuthContext, @Query() query: ListAssetsDto): Promise<PagedBody<AssetView>> {
    return PagedBody.of(await this.assets.list(auth, query), toAssetView);
  }

  /** One asset, archived or not. */
  @Get(':id')
  @Authenticated({ permission: Permission.Assets })
  @FoundRecord(AssetView, "Unknown, another client's or outside the caller's trackers (shape A)")
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<AssetView> {
    return this.assets.get(auth, id);
  }

  /** Changes an asset in service; `mainTrackerId` assigns its main tracker (`null` removes it). */
  @Patch(':id')
  @ChecksWriteAccess('assets.remove_main_tracker')
  @Authenticated({ permission: Permission.Assets })
  @ApiOkResponse({ type: AssetView })
  @ApiBadRequestResponse({ description: 'Invalid body, nothing to change, unknown group or tracker (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown, another client's or outside the caller's trackers (shape A)" })
  @ApiConflictResponse({ description: "Archived asset, plate in use, or tracker already another asset's main tracker (shape A)" })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateAssetDto): Promise<AssetView> {
    return this.assets.update(auth, id, body);
  }

  /** Archives the asset: no longer scannable nor in statistics, its history kept; its plate is free again. */
  @Delete(':id')
  @Authenticated({ permission: Permission.Assets })
  @DeletedRecord("Unknown, another client's or outside the caller's trackers (shape A)")
  archive(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.assets.archive(auth, id);
  }
}
