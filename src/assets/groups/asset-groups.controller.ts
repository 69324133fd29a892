import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreatedRecord, DeletedRecord, DeletedView, FoundRecord, PagedBody, PagedList } from '@app/http';
import { AssetGroupDto, ListAssetGroupsDto } from '../dto/asset-group.dto';
import { AssetGroupView, toAssetGroupView } from './asset-group.view';
import { AssetGroupsService } from './asset-groups.service';

@ApiTags('assets')
@Controller('asset-groups')
export class AssetGroupsController {
  constructor(private readonly groups: AssetGroupsService) {}

  /** Creates an asset group. */
  @Post()
  @Authenticated({ permission: Permission.Assets })
  @CreatedRecord(AssetGroupView, 'The new group')
  @ApiBadRequestResponse({ description: 'Invalid body (shape A)' })
  @ApiConflictResponse({ description: 'A group of the client already has this name (shape A)' })
  create(@Auth() auth: AuthContext, @Body() body: AssetGroupDto): Promise<AssetGroupView> {
    return this.groups.create(auth, body.name);
  }

  /** The client's asset groups, newest first. */
  @Get()
  @Authenticated({ permission: Permission.Assets })
  @PagedList(AssetGroupView)
  async list(@Auth() auth: AuthContext, @Query() query: ListAssetGroupsDto): Promise<PagedBody<AssetGroupView>> {
    return PagedBody.of(await this.groups.list(auth, query), toAssetGroupView);
  }

  /** One asset group. */
  @Get(':id')
  @Authenticated({ permission: Permission.Assets })
  @FoundRecord(AssetGroupView, "Unknown or another client's group (shape A)")
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<AssetGroupView> {
    return this.groups.get(auth, id);
  }

  /** Renames an asset group. */
  @Patch(':id')
  @Authenticated({ permission: Permission.Assets })
  @ApiOkResponse({ type: AssetGroupView })
  @ApiBadRequestResponse({ description: 'Invalid body (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown or another client's group (shape A)" })
  @ApiConflictResponse({ description: 'Another group of the client has this name (shape A)' })
  rename(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: AssetGroupDto): Promise<AssetGroupView> {
    return this.groups.rename(auth, id, body.name);
  }

  /** Deletes a group that no asset in service and no active or inactive form uses. */
  @Delete(':id')
  @Authenticated({ permission: Permission.Assets })
  @DeletedRecord("Unknown or another client's group (shape A)")
  @ApiConflictResponse({ description: 'Assets or forms use the group; the message names them (shape A)' })
  delete(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DeletedView> {
    return this.groups.delete(auth, id);
  }
}
