/** What a delete answers (docs/design.md: `DELETE` → 200 with `{id}`). */
export class DeletedView {
  /** The id of the deleted record. */
  id: string;
}
