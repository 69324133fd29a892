import { createTestApp, TestApp } from './test-app';
import { PortalStub, startPortalStub } from './portal-stub';

export interface TestAppWithPortal {
  t: TestApp;
  portal: PortalStub;
  /** Closes the app and the stub, and forgets the portal's variables. */
  close(): Promise<void>;
}

/**
 * The real app with the billing-and-support portal reachable: the tests' stub, named by the
 * variables the app reads when its module is built. For suites whose requests reach the portal
 * (tickets, invoice reports) beside everything else.
 */
export async function createTestAppWithPortal(): Promise<TestAppWithPortal> {
  const portal = await startPortalStub();
  process.env.BILLING_PORTAL_URL = portal.url;
  process.env.BILLING_PORTAL_TOKEN = portal.token;
  const t = await createTestApp();
  return {
    t,
    portal,
    async close() {
      await t.close();
      await portal.close();
      delete process.env.BILLING_PORTAL_URL;
      delete process.env.BILLING_PORTAL_TOKEN;
    },
  };
}
