/**
 * The loops of an import graph (file → the files it imports): each set of files that reach each
 * other through their imports, with more than one file (Tarjan's strongly connected components).
 */
export function importLoops(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const order = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (file: string): void => {
    order.set(file, next);
    lowest.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of imports.get(file) ?? []) {
      if (!order.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (onStack.has(target)) lowest.set(file, Math.min(lowest.get(file)!, order.get(target)!));
    }
    if (lowest.get(file) !== order.get(file)) return;
    const loop: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      loop.push(member);
      if (member === file) break;
    }
    if (loop.length > 1) loops.push(loop.sort());
  };
  for (const file of imports.keys()) if (!order.has(file)) visit(file);
  return loops;
}
