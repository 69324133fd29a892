import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { ListDynamicFormsQueryDto } from './dto/list-dynamic-forms.dto';
import { DynamicFormView } from './dynamic-form.view';
import { FormsService } from './forms.service';

@ApiTags('dynamic forms')
@Controller('dynamic-forms')
export class FormsController {
  constructor(private readonly forms: FormsService) {}

  /** The client's dynamic forms, by name; `status` filters, and without it archived forms are left out. */
  @Get()
  @Authenticated({ permission: Permission.DynamicForms })
  @ApiOkResponse({ type: DynamicFormView, isArray: true })
  @ApiBadRequestResponse({ description: '`status` is not active, inactive or archived (shape A)' })
  list(@Auth() auth: AuthContext, @Query() query: ListDynamicFormsQueryDto): Promise<DynamicFormView[]> {
    return this.forms.list(auth, query.status);
  }
}
