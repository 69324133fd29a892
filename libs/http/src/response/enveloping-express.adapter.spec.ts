import { PagedBody } from './paged-body';
import { toResponseBody } from './enveloping-express.adapter';

describe('toResponseBody', () => {
  it('wraps a value in the envelope', () => {
    expect(toResponseBody({ a: 1 })).toEqual({ status: 'success', data: { a: 1 } });
    expect(toResponseBody(undefined)).toEqual({ status: 'success', data: null });
  });

  it('answers a page with its items in data and the cursor beside them', () => {
    const page = PagedBody.of({ items: [{ n: 1 }, { n: 2 }], nextCursor: 'abc' }, (record) => record.n);
    expect(toResponseBody(page)).toEqual({ status: 'success', data: [1, 2], page: { nextCursor: 'abc' } });
    expect(toResponseBody(new PagedBody([], null))).toEqual({ status: 'success', data: [], page: { nextCursor: null } });
  });
});
