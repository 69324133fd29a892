import { WORK_ORDER_STATUSES } from '../schemas/work-order.schema';
import { canMove, needsNote } from './work-order-transitions';

describe('work order transitions', () => {
  it('allows exactly the life cycle of the issue', () => {
    const allowed = WORK_ORDER_STATUSES.flatMap((from) => WORK_ORDER_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}→${to}`));
    expect(allowed.sort()).toEqual(['done→open', 'in_progress→cancelled', 'in_progress→done', 'open→cancelled', 'open→in_progress'].sort());
  });

  it('asks for a note only to reopen', () => {
    expect(needsNote('done', 'open')).toBe(true);
    expect(needsNote('open', 'in_progress')).toBe(false);
  });
});
