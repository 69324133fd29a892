import { IsBoolean } from 'class-validator';
import { Permission } from '@app/auth';
import { StrictBody, ValidateText, WhenSent } from '@app/http';
import { IsPermissionList } from './role-fields';

/** A partial change of a role; any other field, or `null`, is refused. */
@StrictBody()
export class UpdateRoleDto {
  /** Unique within the client (1 to 100 characters, trimmed). */
  @WhenSent()
  @ValidateText({ max: 100 })
  name?: string;

  /** The whole new list of permission names (replaces the old one). */
  @WhenSent()
  @IsPermissionList()
  permissions?: Permission[];

  /** Only a protected caller may change a protected role or make a role protected. */
  @WhenSent()
  @IsBoolean()
  protected?: boolean;
}
