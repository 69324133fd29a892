import type { Types } from 'mongoose';

/**
 * Items grouped by a key (a batch of several clients' records by client, say), each group in the
 * items' order, without copying a group per item (Node 20 has no `Map.groupBy`).
 */
export function groupBy<T, V = T>(items: Iterable<T>, key: (item: T) => string, value: (item: T) => V = (item) => item as unknown as V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const item of items) {
    const itemKey = key(item);
    const group = groups.get(itemKey);
    if (group) group.push(value(item));
    else groups.set(itemKey, [value(item)]);
  }
  return groups;
}

/** Records of several clients, one group a client (a batch handled in each client's scope), each in the records' order. */
export function byClient<T extends { clientId: Types.ObjectId }>(records: Iterable<T>): T[][] {
  return [...groupBy(records, (record) => record.clientId.toHexString()).values()];
}
