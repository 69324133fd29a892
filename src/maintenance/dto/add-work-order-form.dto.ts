import { StrictBody } from '@app/http';
import { FormSubmissionDto } from '../../forms';

/** A form filled in for the work order: any active dynamic form of the client. */
@StrictBody()
export class AddWorkOrderFormDto extends FormSubmissionDto {}
