import { Injectable } from '@nestjs/common';
import { ForeignHandover } from './foreign-handover';
import { PartitionBalancer } from './partition-balancer';
import { TrackerOwnership } from './tracker-ownership';
import type { BatchCounts, TrackerBatch } from './batch-arrivals';
import { TrackerPipeline } from './tracker-pipeline.service';

/**
 * Where a batch's trackers are processed: here for the partitions this instance owns (claiming,
 * first, those nobody holds), by their owners for the others (`ForeignHandover`). Counts in the
 * order given.
 */
@Injectable()
export class PartitionRouter {
  constructor(
    private readonly ownership: TrackerOwnership,
    private readonly balancer: PartitionBalancer,
    private readonly pipeline: TrackerPipeline,
    private readonly handover: ForeignHandover,
  ) {}

  async ingest(batches: readonly TrackerBatch[]): Promise<BatchCounts[]> {
    await this.ownership.resolveCount();
    const partitionOf = (batch: TrackerBatch) => this.ownership.partitionOf(batch.tracker._id.toHexString());
    const elsewhere = [...new Set(batches.map(partitionOf))].filter((partition) => !this.ownership.processes(partition));
    if (elsewhere.length > 0) await this.balancer.takeFree(elsewhere);
    const here: number[] = [];
    const there: number[] = [];
    batches.forEach((batch, i) => (this.ownership.processes(partitionOf(batch)) ? here : there).push(i));
    const counts = new Array<BatchCounts>(batches.length);
    const settle = (indexes: number[], results: BatchCounts[]) => indexes.forEach((index, k) => (counts[index] = results[k]));
    await Promise.all([
      here.length > 0 ? this.pipeline.ingest(here.map((i) => batches[i])).then((results) => settle(here, results)) : null,
      there.length > 0 ? this.handover.hand(there.map((i) => batches[i])).then((results) => settle(there, results)) : null,
    ]);
    return counts;
  }
}
