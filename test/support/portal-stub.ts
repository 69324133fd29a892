import { PortalStub, startPortalStandIn } from '../../src/seed/stand-ins/portal-stand-in';

/**
 * The tests' billing-and-support portal is the demo's stand-in (src/seed/stand-ins), started
 * empty and recording every request: one implementation of the contract for both. (Files, not the
 * folder's index: the benchmark loads these with a resolver that knows only `./name.ts`.)
 */
export { buildInvoices } from '../../src/seed/stand-ins/portal-invoices';
export type { PortalStub, PortalStubMode, PortalStubRequest, StubTicket } from '../../src/seed/stand-ins/portal-stand-in';

export function startPortalStub(token = 'portal-test-token'): Promise<PortalStub> {
  return startPortalStandIn({ token });
}
