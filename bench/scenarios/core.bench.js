// The foundation's cheap authenticated route: token check (cached), guards, envelope, logging.
module.exports = {
  name: 'core',
  async run(ctx) {
    const acme = ctx.manifest.clients.acme.users.admin;
    await ctx.load({ title: 'GET /api/auth/me (atk_ token)', path: '/api/auth/me', headers: ctx.auth() });
    await ctx.load({
      title: 'GET /api/auth/me (session token)',
      path: '/api/auth/me',
      headers: { authorization: `Bearer ${acme.sessionToken}` },
      connections: [50],
    });
    await ctx.load({ title: 'GET /api/health (public, database ping)', path: '/api/health', connections: [10] });
    await ctx.load({ title: 'GET /api/auth/me without a token (401 path)', path: '/api/auth/me', connections: [50] });
  },
};
