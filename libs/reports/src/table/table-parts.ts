/**
 * Where a long table is cut into parts printed one by one: at most `partRows` rows a part, each cut
 * after the last total row of the part's second half when it has one (a part's last page is short:
 * there it ends an asset's section, as a reader expects), else at `partRows`. Answers each part's
 * end (exclusive); the last is `rows.length`.
 */
export function tablePartEnds<Row>(rows: readonly Row[], isTotal: (row: Row) => boolean, partRows: number): number[] {
  const ends: number[] = [];
  let start = 0;
  while (rows.length - start > partRows) {
    let end = start + partRows;
    for (let i = end - 1; i >= start + Math.ceil(partRows / 2); i--) {
      if (isTotal(rows[i])) {
        end = i + 1;
        break;
      }
    }
    ends.push(end);
    start = end;
  }
  ends.push(rows.length);
  return ends;
}
