import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { ServiceStatusSequence } from '../schemas/service-status-sequence.schema';

/** The numbers a client's statuses are given in order (their ids: `serviceStatusId`), from one counter per client. */
@Injectable()
export class ServiceStatusNumbers {
  constructor(@InjectModel(ServiceStatusSequence.name) private readonly sequences: Model<ServiceStatusSequence>) {}

  /** `count` numbers of the client's statuses, the first answered (one atomic increment: instances never share one). */
  async allocate(clientId: Types.ObjectId, count: number): Promise<number> {
    const counter = await this.sequences
      .findOneAndUpdate({ _id: clientId }, { $inc: { next: count } }, { upsert: true, new: true })
      .lean()
      .exec();
    return counter.next - count;
  }

  /** How many numbers the client has given: the next one. */
  async given(clientId: Types.ObjectId): Promise<number> {
    return (await this.sequences.findById(clientId, { next: 1 }).lean().exec())?.next ?? 0;
  }
}
