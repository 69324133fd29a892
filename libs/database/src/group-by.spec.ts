import { Types } from 'mongoose';
import { byClient, groupBy } from './group-by';

describe('groupBy', () => {
  it('groups by key in the items’ order, the groups in the order their keys first came', () => {
    const groups = groupBy(
      [
        { c: 'b', n: 1 },
        { c: 'a', n: 2 },
        { c: 'b', n: 3 },
      ],
      (item) => item.c,
    );
    expect([...groups]).toEqual([
      [
        'b',
        [
          { c: 'b', n: 1 },
          { c: 'b', n: 3 },
        ],
      ],
      ['a', [{ c: 'a', n: 2 }]],
    ]);
  });

  it('keeps what `value` makes of each item', () => {
    expect([
      ...groupBy(
        [1, 2, 3, 4],
        (n) => (n % 2 ? 'odd' : 'even'),
        (n) => n * 10,
      ),
    ]).toEqual([
      ['odd', [10, 30]],
      ['even', [20, 40]],
    ]);
  });
});

describe('byClient', () => {
  it('groups records by their client, in the records’ order', () => {
    const [a, b] = [new Types.ObjectId(), new Types.ObjectId()];
    const records = [
      { clientId: a, n: 1 },
      { clientId: b, n: 2 },
      { clientId: new Types.ObjectId(a.toHexString()), n: 3 },
    ];
    expect(byClient(records).map((group) => group.map(({ n }) => n))).toEqual([[1, 3], [2]]);
  });
});
