import { Module } from '@nestjs/common';
import { TenantDataModule } from '@app/database';
import { ActiveFormsCache } from './active-forms.cache';
import { FormsController } from './forms.controller';
import { FormsService } from './forms.service';
import { DynamicForm, DynamicFormSchema } from './schemas/dynamic-form.schema';

const formData = TenantDataModule.forFeature([{ name: DynamicForm.name, schema: DynamicFormSchema }]);

/** Dynamic forms (`/api/dynamic-forms`) and the answers validator that inspections and work orders use. */
@Module({
  imports: [formData],
  controllers: [FormsController],
  providers: [FormsService, ActiveFormsCache],
  exports: [formData, FormsService],
})
export class FormsModule {}
