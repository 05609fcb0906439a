import fp from 'fastify-plugin';
import type { SmsSender } from '../../sms/sender';
import { smsSender } from '../../sms/sms';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS gateway of `SMS_GATEWAY` (server/sms): the sandbox inbox, or Eskiz. */
    sms: SmsSender;
  }
}

export default fp(
  async (app) => {
    app.decorate('sms', smsSender(app.config.cabinet.sms));
  },
  { name: 'sms', dependencies: ['config'] },
);
