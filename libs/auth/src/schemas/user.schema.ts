import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument, SchemaTypes, Types } from 'mongoose';

@Schema({ _id: false })
export class TrackerScopeRecord {
  /** All trackers of the client, present and future. */
  @Prop({ required: true, default: true })
  all: boolean;

  /** The allowed trackers when `all` is false. */
  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  trackerIds: Types.ObjectId[];
}

@Schema({ _id: false })
export class PartnerAccount {
  /** The user's login at the external tracking platform. */
  @Prop({ required: true, trim: true, maxlength: 200 })
  login: string;
}

/** The languages the platform writes to users in (mails); Spanish by default. */
export const USER_LANGUAGES = ['es', 'en'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];

@Schema({ collection: 'users', timestamps: true })
export class User {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  clientId: Types.ObjectId;

  @Prop({ required: true, lowercase: true, trim: true, maxlength: 254 })
  email: string;

  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  /** scrypt hash in PHC-like form (see password-hasher.ts); never returned by the API. */
  @Prop({ required: true })
  passwordHash: string;

  @Prop({ type: SchemaTypes.ObjectId, required: true })
  roleId: Types.ObjectId;

  @Prop({ type: TrackerScopeRecord, required: true, default: () => ({ all: true, trackerIds: [] }) })
  trackerScope: TrackerScopeRecord;

  @Prop({ type: PartnerAccount, required: false })
  partnerAccount?: PartnerAccount;

  /** The language of what the platform writes to the user (inbox, alert and report mails): Spanish unless chosen. */
  @Prop({ type: String, enum: USER_LANGUAGES, default: 'es' })
  language: UserLanguage;

  @Prop({ required: true, default: true })
  active: boolean;

  @Prop()
  passwordChangedAt?: Date;

  createdAt: Date;
  updatedAt: Date;
}

export type UserDocument = HydratedDocument<User>;
export const UserSchema = SchemaFactory.createForClass(User);
// Login looks users up by email: unique across the platform, so the lookup is an index hit.
UserSchema.index({ email: 1 }, { unique: true });
