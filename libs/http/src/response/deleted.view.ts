/** What a `DELETE` answers (docs/design.md: 200 with `{id}`): the record removed or archived. */
export class DeletedView {
  /** The id of the deleted or archived record. */
  id: string;
}
