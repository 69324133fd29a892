import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ActiveFormsCache } from './active-forms.cache';
import { FormsController } from './forms.controller';
import { FormsDemoSeeder } from './forms.seeder';
import { FormsService } from './forms.service';
import { DynamicForm, DynamicFormSchema } from './schemas/dynamic-form.schema';

const formModels = MongooseModule.forFeature([{ name: DynamicForm.name, schema: DynamicFormSchema }]);

/** Dynamic forms (`/api/dynamic-forms`) and the answers validator that inspections and work orders use. */
@Module({
  imports: [formModels],
  controllers: [FormsController],
  providers: [FormsService, ActiveFormsCache, FormsDemoSeeder],
  exports: [formModels, FormsService],
})
export class FormsModule {}
