import { hasEventSentence } from '@app/i18n';
import { FLEET_EVENT_TYPES } from '../../events';

describe('the event catalog in words', () => {
  it('has a sentence in every language for every event type', () => {
    expect(FLEET_EVENT_TYPES.filter((type) => !hasEventSentence(type))).toEqual([]);
  });
});
