/** The answer of a `DELETE`: the id of the record removed or archived. */
export class DeletedView {
  id: string;
}
