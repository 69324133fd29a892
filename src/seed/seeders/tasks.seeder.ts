import { Types } from 'mongoose';
import { InjectRepository, TenantRepository } from '@app/database';
import { newTask, Task, TaskArrivalSlots } from '../../tasks';
import { DemoSeeder, DemoSeederProvider } from '../demo-seeder.decorator';
import type { DemoClientContext } from '../demo-manifest';

const HOUR_MS = 3_600_000;

/**
 * Each client's first tasks: one assigned to the tracked vehicle at the customer place tomorrow
 * and one without a vehicle at the depot. The manifest gets `tasks: {assigned, unassigned}`.
 */
@DemoSeederProvider({ order: 38 })
export class TasksDemoSeeder implements DemoSeeder {
  constructor(
    @InjectRepository(Task) private readonly tasks: TenantRepository<Task>,
    private readonly slots: TaskArrivalSlots,
  ) {}

  async seed(client: DemoClientContext): Promise<void> {
    const places = client.manifest.places as { depot: string; customer: string };
    const from = new Date(Date.now() + 24 * HOUR_MS);
    const window = { from: from.toISOString(), to: new Date(from.getTime() + 2 * HOUR_MS).toISOString() };
    const create = async (title: string, placeId: string, withAsset: boolean) => {
      const refs = { place: { _id: new Types.ObjectId(placeId) } as never, asset: withAsset ? client.assets.tracked : null };
      const task = await this.tasks.create(client.scope, newTask({ title, placeId, window, serviceMinutes: 15 }, refs, client.clientId));
      await this.slots.follow(null, task);
      return task._id.toHexString();
    };
    client.manifest.tasks = {
      assigned: await create('Entrega pedido 1001', places.customer, true),
      unassigned: await create('Retiro de pallets', places.depot, false),
    };
  }
}
