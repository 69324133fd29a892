import { Types } from 'mongoose';
import { AuthContext, PrincipalLoader } from '@app/auth';
import { DemoClientContext } from '../demo-manifest';

/** The demo admin's credentials, as a request of theirs would carry them: for seeders that write through the domain services. */
export async function demoAdminContext(principals: PrincipalLoader, client: DemoClientContext): Promise<AuthContext> {
  const principal = await principals.load(client.users.admin._id, { kind: 'session', id: new Types.ObjectId() });
  if (!principal) throw new Error(`The demo admin of ${client.name} cannot act: the identity seeder runs first`);
  return { ...principal, via: 'bearer', request: { requestId: 'demo-seed', ip: '127.0.0.1', userAgent: 'demo seed' } };
}
