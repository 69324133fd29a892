import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CreatedRecord, FoundRecord } from '@app/http';
import { Auth, AuthContext, Authenticated, Permission } from '@app/auth';
import { CreateDynamicFormDto } from './dto/create-dynamic-form.dto';
import { ListDynamicFormsQueryDto } from './dto/list-dynamic-forms.dto';
import { UpdateDynamicFormDto } from './dto/update-dynamic-form.dto';
import { DynamicFormView } from './dynamic-form.view';
import { FormEditorService } from './editing/form-editor.service';
import { FormsService } from './forms.service';

@ApiTags('dynamic forms')
@Controller('dynamic-forms')
export class FormsController {
  constructor(
    private readonly forms: FormsService,
    private readonly editor: FormEditorService,
  ) {}

  /** The client's dynamic forms, by name; `status` filters, and without it archived forms are left out. */
  @Get()
  @Authenticated({ permission: Permission.DynamicForms })
  @ApiOkResponse({ type: DynamicFormView, isArray: true })
  @ApiBadRequestResponse({ description: '`status` is not active, inactive or archived (shape A)' })
  list(@Auth() auth: AuthContext, @Query() query: ListDynamicFormsQueryDto): Promise<DynamicFormView[]> {
    return this.forms.list(auth, query.status);
  }

  /** Creates a form (version 1); its definition is checked as a whole (field errors in shape A). */
  @Post()
  @Authenticated({ permission: Permission.DynamicForms })
  @CreatedRecord(DynamicFormView, 'The new form')
  @ApiBadRequestResponse({ description: "Invalid definition, or assets or groups that are not the client's (shape A)" })
  create(@Auth() auth: AuthContext, @Body() body: CreateDynamicFormDto): Promise<DynamicFormView> {
    return this.editor.create(auth, body);
  }

  /** One form of the client, with its current fields and version. */
  @Get(':id')
  @Authenticated({ permission: Permission.DynamicForms })
  @FoundRecord(DynamicFormView, "Unknown form, or another client's (shape A)")
  get(@Auth() auth: AuthContext, @Param('id') id: string): Promise<DynamicFormView> {
    return this.forms.get(auth, id);
  }

  /**
   * Edits a form: new `fields` raise its version (answers keep the version they were given
   * against); name, description and targets keep it. Status: active ↔ inactive, either →
   * archived; an archived form cannot be changed (409).
   */
  @Patch(':id')
  @Authenticated({ permission: Permission.DynamicForms })
  @ApiOkResponse({ type: DynamicFormView })
  @ApiBadRequestResponse({ description: 'Invalid or empty body, invalid definition, foreign assets or groups (shape A)' })
  @ApiNotFoundResponse({ description: "Unknown form, or another client's (shape A)" })
  @ApiConflictResponse({ description: 'The form is archived, or was changed meanwhile (shape A)' })
  update(@Auth() auth: AuthContext, @Param('id') id: string, @Body() body: UpdateDynamicFormDto): Promise<DynamicFormView> {
    return this.editor.update(auth, id, body);
  }
}
