/** The tests' local servers share the stand-ins' plumbing. */
export { listenOnLoopback, stopServer } from '../../src/seed/stand-ins/local-server';
