import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The current time; every deadline, expiry and lockout reads it (tests move it). */
    now: () => Date;
  }
}

export default fp<{ now: () => Date }>(
  async (app, options) => {
    app.decorate('now', options.now);
  },
  { name: 'clock' },
);
