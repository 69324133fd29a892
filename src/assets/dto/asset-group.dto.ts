import { PageQueryDto, StrictBody, ValidateText } from '@app/http';

/** The body of creating and of renaming a group. */
@StrictBody()
export class AssetGroupDto {
  /** 1 to 200 characters, unique within the client whatever the case. */
  @ValidateText({ max: 200 })
  name: string;
}

/** Groups are listed newest first, without filters. */
@StrictBody()
export class ListAssetGroupsDto extends PageQueryDto {}
