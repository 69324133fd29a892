import { Types } from 'mongoose';
import { DomainEvents } from '@app/bus';
import type { AppConfig } from '@app/config';
import { INBOX_ENTRY, InboxFeed, type InboxEntry, type InboxGroup } from './inbox-feed';

describe('InboxFeed.publish', () => {
  const view = {
    kind: 'alert' as const,
    alertId: null,
    ruleId: null,
    title: 'Aviso',
    body: 'ignition.on',
    severity: 'warning' as const,
    assetId: null,
    readAt: null,
    createdAt: new Date(),
  };
  const group = (recipients: number): InboxGroup => ({
    view,
    to: Array.from({ length: recipients }, () => ({ userId: new Types.ObjectId().toHexString(), id: new Types.ObjectId().toHexString() })),
  });

  it('tells this instance’s listeners every entry, and stores each group once, splitting between documents, never within a group', async () => {
    const written: Array<{ groups: Array<{ to: unknown[] }>; entries: unknown[] }> = [];
    const model = { collection: { insertMany: async (documents: typeof written) => void written.push(...documents) } };
    const bus = new DomainEvents();
    const feed = new InboxFeed(model as never, bus, { get: () => 1000 } as unknown as AppConfig);
    const told: InboxEntry[] = [];
    bus.on(INBOX_ENTRY, (entry) => void told.push(entry));
    const groups = [group(1000), group(3000), group(1500), group(1)];
    await feed.publish(groups);
    expect(told).toHaveLength(5501);
    expect(told[0]).toEqual({ userId: groups[0].to[0].userId, view: { id: groups[0].to[0].id, ...view } });
    // 1 000 + 3 000 fit under 5 000 entries; 1 500 would not: a second document, which the last one joins.
    expect(written.map((document) => document.groups.map((g) => g.to.length))).toEqual([
      [1000, 3000],
      [1500, 1],
    ]);
    expect(written.map((document) => document.entries)).toEqual([[], []]);
  });
});
