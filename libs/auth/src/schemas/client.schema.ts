import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { HydratedDocument } from 'mongoose';

/** A customer of the platform: every tenant record carries its id as `clientId`. */
@Schema({ collection: 'clients', timestamps: true })
export class Client {
  @Prop({ required: true, trim: true, maxlength: 200 })
  name: string;

  /** IANA zone in which the client's `DD/MM/YYYY` dates are read. */
  @Prop({ required: true, default: 'America/Santiago' })
  timeZone: string;

  createdAt: Date;
  updatedAt: Date;
}

export type ClientDocument = HydratedDocument<Client>;
export const ClientSchema = SchemaFactory.createForClass(Client);
