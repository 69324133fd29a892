// The public surface of the forms domain: what inspections, maintenance and the demo seed use.
export { FormsModule } from './forms.module';
export { FormsService, type StoredForm } from './forms.service';
export { DynamicFormView, ScannedFormView, toDynamicFormView, toScannedFormView } from './dynamic-form.view';
export { validateAnswers, type AnswerInput, type AcceptedAnswer, type AnswersCheck } from './answers/form-answers.validator';
export { buildAnswerSet, type AnswerSet } from './answers/answer-set';
export * from './form-field-types';
export { DynamicForm } from './schemas/dynamic-form.schema';
export { DynamicFormVersion } from './schemas/dynamic-form-version.schema';
export { FormEditorService } from './editing/form-editor.service';
export { FormFieldView, toFieldView } from './dynamic-form.view';
export { FormField } from './schemas/form-field.schema';
export { FieldIdentity } from './schemas/field-identity.schema';
export { StoredAnswer, StoredAnswerSchema } from './schemas/stored-answer.schema';
export { AnsweredForm } from './schemas/answered-form.schema';
export { FormVersionRef } from './schemas/form-version-ref.schema';
export { FormAnswerDto, MAX_ANSWERS } from './dto/form-answer.dto';
export { FormSubmissionDto } from './dto/form-submission.dto';
export { isUploadId } from './answers/answer-rules';
