/** A category the client added. */
export class WorkOrderCategoryView {
  name: string;
}

/** What `DELETE …/categories/{name}` removed. */
export class RemovedWorkOrderCategoryView {
  /** The category's name, as it was listed. */
  id: string;
}
