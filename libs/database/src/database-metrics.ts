import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { CommandFailedEvent, CommandStartedEvent, CommandSucceededEvent } from 'mongodb';
import type { Connection } from 'mongoose';
import { AppConfig } from '@app/config';
import { AppMetrics } from '@app/metrics';

/**
 * The driver's connection pool, from its CMAP events: open connections, connections lent to an
 * operation, and check-outs that failed (pool exhausted past its wait, or the server gone); with
 * METRICS_DATABASE_COMMANDS, the commands sent and the seconds until their answers, by command and
 * collection (what a feature costs the database in calls, which moves far less than its CPU on a
 * shared machine, and where its time goes). Listened to only when metrics are served.
 */
@Injectable()
export class DatabaseMetrics implements OnModuleInit {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly metrics: AppMetrics,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    if (!this.metrics.enabled) return;
    const open = this.metrics.gauge({ name: 'mongodb_pool_connections', help: 'Connections the MongoDB driver holds open' });
    const inUse = this.metrics.gauge({ name: 'mongodb_pool_connections_in_use', help: 'Connections lent to an operation right now' });
    const failed = this.metrics.counter({
      name: 'mongodb_pool_checkout_failures_total',
      help: 'Operations that got no connection',
      labelNames: ['reason'] as const,
    });
    const client = this.connection.getClient();
    client.on('connectionCreated', () => open.inc());
    client.on('connectionClosed', () => open.dec());
    client.on('connectionCheckedOut', () => inUse.inc());
    client.on('connectionCheckedIn', () => inUse.dec());
    client.on('connectionCheckOutFailed', (event: { reason: unknown }) => failed.inc({ reason: String(event.reason) }));
    if (!this.config.countsDatabaseCommands) return;
    const commands = this.metrics.counter({
      name: 'mongodb_commands_total',
      help: 'Commands sent to the database, by command and collection',
      labelNames: ['command', 'collection'] as const,
    });
    const seconds = this.metrics.counter({
      name: 'mongodb_command_seconds_total',
      help: 'Seconds from sending a command to its answer, by command and collection',
      labelNames: ['command', 'collection'] as const,
    });
    // The answer names its command but not its collection: the label waits here by request id.
    const pending = new Map<number, { command: string; collection: string }>();
    client.on('commandStarted', ({ commandName, command, requestId }: CommandStartedEvent) => {
      // A cursor's next batch names its collection apart.
      const target: unknown = commandName === 'getMore' ? command.collection : command[commandName];
      const labels = { command: commandName, collection: typeof target === 'string' ? target : '' };
      commands.inc(labels);
      pending.set(requestId, labels);
    });
    const answered = ({ requestId, duration }: CommandSucceededEvent | CommandFailedEvent) => {
      const labels = pending.get(requestId);
      if (!labels) return;
      pending.delete(requestId);
      seconds.inc(labels, duration / 1000);
    };
    client.on('commandSucceeded', answered);
    client.on('commandFailed', answered);
  }
}
