// The sign-in API (`/api/auth`): its module, imported by the app module.
export { AuthApiModule } from './auth-api.module';
