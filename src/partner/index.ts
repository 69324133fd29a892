// The public surface of this domain: its module, imported by the app module.
export { PartnerModule } from './partner.module';
