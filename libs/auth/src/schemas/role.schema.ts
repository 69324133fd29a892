import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';
import { ALL_PERMISSIONS, Permission } from '../permissions';

/** A set of permissions; a `protected` role may also act on other users of its client. */
@Schema({ collection: 'roles', timestamps: true })
export class Role {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, trim: true, maxlength: 100 })
  name: string;

  @Prop({ type: [String], enum: ALL_PERMISSIONS, default: [] })
  permissions: Permission[];

  @Prop({ required: true, default: false })
  protected: boolean;
}

export type RoleDocument = HydratedDocument<Role>;
export const RoleSchema = SchemaFactory.createForClass(Role);
// Role names are unique within a client (CLI `create-user --role NAME` looks them up).
RoleSchema.index({ clientId: 1, name: 1 }, { unique: true });
