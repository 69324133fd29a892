import { Prop } from '@nestjs/mongoose';
import { FormVersionRef } from './form-version-ref.schema';
import { StoredAnswer, StoredAnswerSchema } from './stored-answer.schema';

/**
 * A form filled in, as stored wherever one is kept (an inspection, a work order's forms): the
 * form and the version its answers were given against (FormVersionRef), the answers with their
 * fields as they were, and whether any was critical.
 */
export abstract class AnsweredForm extends FormVersionRef {
  @Prop({ type: [StoredAnswerSchema], default: [] })
  answers: StoredAnswer[];

  /** A critical option was chosen (or a yes/no answered as its `criticalWhen`). */
  @Prop({ required: true })
  critical: boolean;

  @Prop({ type: [String], default: [] })
  criticalFieldIds: string[];

  @Prop({ required: true })
  submittedAt: Date;
}
