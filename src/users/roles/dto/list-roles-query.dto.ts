import { PageQueryDto, StrictBody } from '@app/http';

/** The roles of the client, by name: only the paging parameters. */
@StrictBody()
export class ListRolesQueryDto extends PageQueryDto {}
