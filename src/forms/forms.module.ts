import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { ActiveFormsCache } from './active-forms.cache';
import { FormEditorService } from './editing/form-editor.service';
import { FormTargetsChecker } from './editing/form-targets';
import { FormsController } from './forms.controller';
import { FormsService } from './forms.service';
import { DynamicForm, DynamicFormSchema } from './schemas/dynamic-form.schema';
import { DynamicFormVersion, DynamicFormVersionSchema } from './schemas/dynamic-form-version.schema';

const formData = TenantDataModule.forFeature([
  { name: DynamicForm.name, schema: DynamicFormSchema },
  { name: DynamicFormVersion.name, schema: DynamicFormVersionSchema },
]);

/** Dynamic forms (`/api/dynamic-forms`), their versions, and the answers validator that inspections and work orders use. */
@Module({
  imports: [formData],
  controllers: [FormsController],
  providers: [FormsService, FormEditorService, FormTargetsChecker, ActiveFormsCache],
  exports: [formData, FormsService, FormEditorService],
})
export class FormsModule {}
