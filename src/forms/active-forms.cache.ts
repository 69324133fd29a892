import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { Stored } from '@app/database';
import { DynamicForm } from './schemas/dynamic-form.schema';

/** How long a client's active forms are reused; a form activated or archived shows within it. */
export const ACTIVE_FORMS_TTL_MS = 3_000;
const MAX_CLIENTS = 10_000;

interface Entry {
  expiresAt: number;
  forms: Promise<Stored<DynamicForm>[]>;
}

/**
 * A client's active forms, kept for a few seconds. Every scan needs them, and on
 * mongo-java-server `{clientId, status}` scans the whole collection (DESIGN.md: only unique
 * indexes are lookups): measured, 2 000 forms of other clients cut scans per second by two
 * thirds. Concurrent misses of one client share one query.
 */
@Injectable()
export class ActiveFormsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(@InjectModel(DynamicForm.name) private readonly forms: Model<DynamicForm>) {}

  get(clientId: Types.ObjectId): Promise<Stored<DynamicForm>[]> {
    const key = clientId.toHexString();
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.forms;

    const forms = this.forms.find({ clientId, status: 'active' }).sort({ name: 1, _id: 1 }).lean<Stored<DynamicForm>[]>().exec();
    // A failed query is not kept: the next caller tries again.
    forms.catch(() => this.entries.get(key)?.forms === forms && this.entries.delete(key));
    this.entries.delete(key);
    if (this.entries.size >= MAX_CLIENTS) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { expiresAt: now + ACTIVE_FORMS_TTL_MS, forms });
    return forms;
  }
}
