import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { BusModule } from './bus.module';
import { DomainEvents } from './domain-events';
import { OnDomainEvent } from './on-domain-event';
import { Topic } from './topic';

const PARKED = new Topic<{ plate: string }>('test.parked');
const MOVED = new Topic<{ plate: string }>('test.moved');
const OTHER = new Topic<number>('test.other');

@Injectable()
class ParkingLog {
  readonly heard: string[] = [];

  @OnDomainEvent(PARKED)
  @OnDomainEvent(MOVED)
  seen({ plate }: { plate: string }): void {
    this.heard.push(plate);
  }

  // Not marked: never told.
  other(value: number): void {
    this.heard.push(String(value));
  }
}

@Module({ providers: [ParkingLog] })
class ParkingModule {}

describe('DomainEventListeners', () => {
  it('subscribes the marked methods of every module’s providers at start, each to its topics, until the app closes', async () => {
    const app = await Test.createTestingModule({ imports: [BusModule, ParkingModule] }).compile();
    await app.init();
    const bus = app.get(DomainEvents);
    const log = app.get(ParkingLog);
    await bus.publish(PARKED, { plate: 'KJHT-42' });
    await bus.publish(MOVED, { plate: 'BCDF-10' });
    await bus.publish(OTHER, 7);
    expect(log.heard).toEqual(['KJHT-42', 'BCDF-10']);
    expect(bus.heard(OTHER)).toBe(false);
    await app.close();
    expect(bus.heard(PARKED)).toBe(false);
    expect(bus.heard(MOVED)).toBe(false);
  });
});
