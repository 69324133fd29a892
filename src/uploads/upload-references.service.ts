import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import type { AuthContext } from '@app/auth';
import { InjectRepository, TenantRepository } from '@app/database';
import type { FieldError } from '@app/errors';
import { isUploadId } from '../forms';
import { Upload } from './schemas/upload.schema';
import { UploadContentStore } from './upload-content.store';
import { extensionsOf } from './upload-file-types';

/** The part of a form field and of an accepted answer the check reads. */
export interface FileFieldLike {
  fieldId: string;
  type: string;
  label: string;
  allowedExtensions?: string[];
}
export interface FileAnswerLike {
  fieldId: string;
  value?: unknown;
}

/**
 * The uploads named by `file` answers: each must be an upload of the caller's client whose
 * detected type the field allows (`allowedExtensions`); the forms' validator has already checked
 * the list and `maxFiles`. Once the answer is stored they are marked referenced, so the sweep keeps them.
 */
@Injectable()
export class UploadReferencesService {
  constructor(
    @InjectRepository(Upload) private readonly uploads: TenantRepository<Upload>,
    private readonly content: UploadContentStore,
  ) {}

  /** Field errors (`answers.N.value`, N the answer's position as sent) for unknown, foreign or disallowed uploads. */
  async check(auth: AuthContext, fields: readonly FileFieldLike[], sent: readonly FileAnswerLike[]): Promise<FieldError[]> {
    const fileFields = new Map(fields.filter((field) => field.type === 'file').map((field) => [field.fieldId, field]));
    const named = sent.flatMap((answer, index) => {
      const field = fileFields.get(answer.fieldId);
      const ids =
        field && Array.isArray(answer.value) ? (answer.value as unknown[]).filter((item): item is string => typeof item === 'string' && isUploadId(item)) : [];
      return ids.map((id) => ({ index, field: field!, id: id.trim().toLowerCase() }));
    });
    if (named.length === 0) return [];
    const found = new Map((await this.uploads.findByIds(auth, [...new Set(named.map((item) => item.id))])).map((upload) => [upload._id.toHexString(), upload]));
    const errors: FieldError[] = [];
    for (const { index, field, id } of named) {
      const upload = found.get(id);
      if (!upload) {
        errors.push({ path: `answers.${index}.value`, message: `"${field.label}" names no upload ${id} among your uploads` });
      } else if (field.allowedExtensions?.length && !extensionsOf(upload.contentType).some((extension) => field.allowedExtensions!.includes(extension))) {
        errors.push({
          path: `answers.${index}.value`,
          message: `"${field.label}" accepts only ${field.allowedExtensions.join(', ')} files, not ${upload.filename} (${upload.contentType})`,
        });
      }
    }
    return errors;
  }

  /** Marks the uploads stored answers name (already-referenced ones keep their first date). */
  async markReferenced(auth: AuthContext, answers: readonly { type: string; value: unknown }[]): Promise<void> {
    const ids = answers
      .filter((answer) => answer.type === 'file' && Array.isArray(answer.value))
      .flatMap((answer) => (answer.value as string[]).filter(isUploadId).map((id) => new Types.ObjectId(id.trim())));
    await this.markIdsReferenced(auth, ids);
  }

  /** The ids among these that name no upload of the caller's client (a task's proof names its uploads directly). */
  async unknownIds(auth: AuthContext, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = new Set((await this.uploads.findByIds(auth, [...ids])).map((upload) => upload._id.toHexString()));
    return ids.filter((id) => !found.has(id.toLowerCase()));
  }

  /** Marks uploads a stored record names, so the sweep keeps them. */
  async markIdsReferenced(auth: AuthContext, ids: readonly Types.ObjectId[]): Promise<void> {
    if (ids.length === 0) return;
    await this.uploads.updateMany(auth, { _id: { $in: ids }, referencedAt: null }, { $set: { referencedAt: new Date() } });
    await this.content.markReferenced(ids);
  }
}
